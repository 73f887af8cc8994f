package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BulkSets;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * (b) Many SETs as fast as each client can take them: once through the plain async API with a
 * bounded window in flight, once through the client's best bulk mode in batches.
 *
 * <p>After each run the server's key count is checked, so a client that drops writes cannot look
 * fast.
 */
public final class BulkSetScenario implements Scenario {

  static final int WINDOW = 1_000;
  static final int BATCH_SIZE = 1_000;

  private List<String> keys;
  private List<String> warmupKeys;

  @Override
  public String id() {
    return "b";
  }

  @Override
  public String title() {
    return "(b) Bulk SETs: plain async API with a window of " + WINDOW
        + " in flight, and each client's best bulk mode";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    int count = context.options().bulkCount;
    if (keys == null) {
      keys = Keyspace.keys("bulk:", count);
      warmupKeys = keys.subList(0, Math.max(1, Math.min(count / 10, 100_000)));
    }
    List<Row> rows = new ArrayList<>();
    for (String name : clients) {
      context.prepareServer(admin -> { });
      rows.add(context.withClient(name, client -> measure(context, client)));
    }
    return rows;
  }

  private Row measure(BenchContext context, BenchClient client) {
    BulkSets.Target server = new BulkSets.Target(
        () -> context.prepareServer(admin -> { }), context::databaseSize, context::note);
    return BulkSets.measure(client, server, keys, warmupKeys, WINDOW, BATCH_SIZE);
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    double fastpath = Format.reference(rows, "fastpath", "async-ops");
    double lettuce = Format.reference(rows, "lettuce", "async-ops");
    Table table = new Table(title(), List.of("client", "async s", "async ops/s", "async vs fastpath",
        "async vs lettuce", "async CPU us/op", "bulk mode", "bulk s", "bulk ops/s",
        "bulk vs fastpath async", "bulk CPU us/op", "errors"));
    for (Row row : rows) {
      double async = row.metric("async-ops");
      double bulk = row.metric("bulk-ops");
      String bulkMode = row.text("bulk-mode");
      table.row(List.of(row.label(), Format.seconds(row.metric("async-seconds")), Format.count(async),
          Format.ratio(async, fastpath), Format.ratio(async, lettuce),
          Format.micros(row.metric("async-cpu")),
          bulkMode.isEmpty() ? Format.NOT_APPLICABLE : bulkMode,
          Format.seconds(row.metric("bulk-seconds")), Format.count(bulk),
          Format.ratio(bulk, fastpath), Format.micros(row.metric("bulk-cpu")),
          row.text("error").isEmpty() ? "0" : row.text("error")));
    }
    return table
        .note(Format.count(context.options().bulkCount) + " SETs of a 64-byte value to distinct keys"
            + " per run; bulk modes send batches of " + BATCH_SIZE + " and await each batch.")
        .note("Warmup: the first " + Format.count(warmupKeys.size()) + " keys through the same path,"
            + " then FLUSHALL. Jedis has no async API; Fastpath's async API is its only bulk path.")
        .note(Format.rounds(context.options()));
  }
}
