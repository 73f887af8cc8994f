package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CpuClock;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

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
    Row row = new Row(client.label());
    if (client.supportsAsync()) {
      timed(context, row, "async", () -> sendAsync(client, warmupKeys), () -> sendAsync(client, keys));
    } else {
      row.metric("async-seconds", Double.NaN).metric("async-ops", Double.NaN).metric("async-cpu", Double.NaN);
    }
    String bulkMode = client.bulkMode();
    if (bulkMode != null) {
      row.text("bulk-mode", bulkMode);
      timed(context, row, "bulk",
          () -> client.bulkSet(warmupKeys, Keyspace.SMALL_VALUE, BATCH_SIZE),
          () -> client.bulkSet(keys, Keyspace.SMALL_VALUE, BATCH_SIZE));
    } else {
      row.metric("bulk-seconds", Double.NaN).metric("bulk-ops", Double.NaN).metric("bulk-cpu", Double.NaN);
    }
    return row;
  }

  private void timed(BenchContext context, Row row, String prefix, Runnable warmup, Runnable measured) {
    long elapsed;
    long cpu;
    try {
      warmup.run();
      context.prepareServer(admin -> { });
      BenchContext.collectGarbage();
      long cpuBefore = CpuClock.processCpuNanos();
      long start = System.nanoTime();
      measured.run();
      elapsed = System.nanoTime() - start;
      cpu = CpuClock.processCpuNanos() - cpuBefore;
    } catch (RuntimeException e) {
      row.text("error", prefix + ": " + LoopResult.describe(e));
      row.metric(prefix + "-seconds", Double.NaN).metric(prefix + "-ops", Double.NaN)
          .metric(prefix + "-cpu", Double.NaN);
      return;
    }
    long stored = context.databaseSize();
    if (stored != keys.size()) {
      context.note(row.label() + " " + prefix + ": server holds " + stored + " keys after "
          + keys.size() + " SETs");
    }
    row.metric(prefix + "-seconds", elapsed / 1e9)
        .metric(prefix + "-ops", keys.size() * 1e9 / elapsed)
        .metric(prefix + "-cpu", cpu / 1000.0 / keys.size());
  }

  /** Keeps at most {@link #WINDOW} SETs in flight and returns when every reply has arrived. */
  private static void sendAsync(BenchClient client, List<String> keys) {
    Semaphore window = new Semaphore(WINDOW);
    AtomicLong errors = new AtomicLong();
    AtomicReference<Throwable> firstError = new AtomicReference<>();
    for (String key : keys) {
      window.acquireUninterruptibly();
      CompletableFuture<?> reply;
      try {
        reply = client.setAsync(key, Keyspace.SMALL_VALUE);
      } catch (RuntimeException e) {
        window.release();
        errors.incrementAndGet();
        firstError.compareAndSet(null, e);
        continue;
      }
      reply.whenComplete((ignored, error) -> {
        if (error != null) {
          errors.incrementAndGet();
          firstError.compareAndSet(null, error);
        }
        window.release();
      });
    }
    window.acquireUninterruptibly(WINDOW);
    if (errors.get() > 0) {
      throw new IllegalStateException(errors.get() + " async SETs failed, first: "
          + LoopResult.describe(firstError.get()));
    }
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
