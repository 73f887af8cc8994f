package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.RedisBenchmarkProcess;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * (e) redis-benchmark, the server's own C load generator, against the same server: the practical
 * ceiling on this machine, without and with pipelining, for reading the client tables against.
 */
public final class RedisBenchmarkBaseline implements Scenario {

  static final int REQUESTS = 200_000;
  static final int CONNECTIONS = 64;
  static final List<Integer> PIPELINES = List.of(1, 16);

  @Override
  public String id() {
    return "e";
  }

  @Override
  public String title() {
    return "(e) redis-benchmark baseline (the physical limit on this machine)";
  }

  @Override
  public List<Row> runRound(BenchContext context, List<String> clients) {
    List<Row> rows = new ArrayList<>();
    for (int pipeline : PIPELINES) {
      context.prepareServer(admin -> { });
      BenchContext.collectGarbage();
      rows.addAll(run(context, pipeline));
    }
    return rows;
  }

  private static List<Row> run(BenchContext context, int pipeline) {
    return RedisBenchmarkProcess.run(context, List.of("-t", "get,set", "-n", Integer.toString(REQUESTS),
        "-c", Integer.toString(CONNECTIONS), "-P", Integer.toString(pipeline)), " -P " + pipeline);
  }

  @Override
  public Table table(List<Row> rows, BenchContext context) {
    Table table = new Table(title(), List.of("mode", "requests/s", "avg us", "p50 us", "p99 us", "max us"));
    for (Row row : rows) {
      table.row(List.of(row.label(), Format.count(row.metric("ops")), Format.micros(row.metric("avg")),
          Format.micros(row.metric("p50")), Format.micros(row.metric("p99")),
          Format.micros(row.metric("max"))));
    }
    return table.note("redis-benchmark -t get,set -n " + REQUESTS + " -c " + CONNECTIONS
        + " -P 1 and -P 16; its latencies have a resolution of about 8 us.")
        .note(Format.rounds(context.options()));
  }
}
