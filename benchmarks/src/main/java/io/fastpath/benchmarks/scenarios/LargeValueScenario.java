package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * (d) Head-of-line blocking: small GETs from many callers, measured alone and then while one more
 * caller keeps reading a 5 MB value through the same client. A client that queues small replies
 * behind the large one shows it as a higher small-GET p99.
 */
public final class LargeValueScenario implements Scenario {

  static final int CALLERS = 32;

  @Override
  public String id() {
    return "d";
  }

  @Override
  public boolean sweepsFastpathConnections() {
    return true;
  }

  @Override
  public String title() {
    return "(d) " + CALLERS + " callers doing small GETs, without and with one caller reading a 5 MB value";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    byte[] largeValue = Keyspace.largeValue();
    List<Row> rows = new ArrayList<>();
    rows.add(ServerLimitProbe.measure(context, CALLERS, largeValue));
    for (String name : clients) {
      context.prepareServer(admin -> {
        admin.setAll(Keyspace.smallKeys(), Keyspace.SMALL_VALUE_BYTES);
        admin.setAll(List.of(Keyspace.LARGE_KEY), largeValue);
      });
      rows.add(context.withClient(name, client -> measure(context, client)));
    }
    return rows;
  }

  private static Row measure(BenchContext context, BenchClient client) {
    CallerLoop.Call smallGet = (caller, iteration) -> {
      byte[] key = Keyspace.smallKeyBytes(ThreadLocalRandom.current().nextInt(Keyspace.SMALL_KEY_COUNT));
      byte[] value = client.get(key);
      if (value == null || value.length != Keyspace.SMALL_VALUE_BYTES.length) {
        throw new IllegalStateException("small GET returned a wrong value");
      }
    };
    CallerLoop.Call largeGet = (caller, iteration) -> {
      byte[] value = client.get(Keyspace.LARGE_KEY_BYTES);
      if (value == null || value.length != Keyspace.LARGE_VALUE_SIZE) {
        throw new IllegalStateException("large GET returned a wrong value");
      }
    };
    CallerLoop.run(CALLERS, context.options().warmup, smallGet, largeGet);
    BenchContext.collectGarbage();
    LoopResult alone = CallerLoop.run(CALLERS, context.options().duration, smallGet);
    BenchContext.collectGarbage();
    LoopResult withLarge = CallerLoop.run(CALLERS, context.options().duration, smallGet, largeGet);
    Row row = new Row(client.label());
    alone.addTo(row, "alone-");
    withLarge.addTo(row, "large-");
    return row.metric("large-gets", withLarge.backgroundOperationsPerSecond());
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    double fastpath = Format.reference(rows, "fastpath", "large-p99");
    Table table = new Table(title(), List.of("client", "small ops/s alone", "p99 us alone",
        "small ops/s with 5 MB", "p99 us with 5 MB", "p99 with / alone", "p99 with 5 MB vs fastpath",
        "5 MB GETs/s", "errors"));
    for (Row row : rows) {
      double alone = row.metric("alone-p99");
      double withLarge = row.metric("large-p99");
      double errors = row.metric("alone-errors") + row.metric("large-errors");
      String error = row.text("error");
      table.row(List.of(row.label(), Format.count(row.metric("alone-ops")), Format.micros(alone),
          Format.count(row.metric("large-ops")), Format.micros(withLarge),
          Format.ratio(withLarge, alone), Format.ratio(withLarge, fastpath),
          Format.count(row.metric("large-gets")),
          Format.count(errors) + (error.isEmpty() ? "" : " (" + error + ")")));
    }
    return table
        .note("byte[] API for every client, small and large GETs alike; the 5 MB caller's own"
            + " latencies are not recorded. Ratios here are latencies: lower is better.")
        .note(ServerLimitProbe.LABEL + ": redis-benchmark -t get -c " + CALLERS + " (C, no JVM) alone and"
            + " while a separate process GETs the 5 MB value in a loop; the single-threaded server copies"
            + " each 5 MB reply before answering anyone else, so this row's rise is the server's, not a client's.")
        .note(Format.window(context.options()) + " Each client runs alone first, then with the 5 MB caller.");
  }
}
