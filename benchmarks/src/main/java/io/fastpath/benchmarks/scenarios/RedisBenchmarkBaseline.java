package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.Format;
import io.fastpath.benchmarks.Row;
import io.fastpath.benchmarks.Scenario;
import io.fastpath.benchmarks.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
    List<String> command = List.of(context.options().redisBenchmark,
        "-h", "127.0.0.1", "-p", Integer.toString(context.server().port()),
        "-t", "get,set", "-n", Integer.toString(REQUESTS), "-c", Integer.toString(CONNECTIONS),
        "-P", Integer.toString(pipeline), "--csv", "-q");
    System.out.println("  " + String.join(" ", command));
    String output;
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException("redis-benchmark failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not run " + context.options().redisBenchmark, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running redis-benchmark", e);
    }
    return parse(output, pipeline);
  }

  /** Reads redis-benchmark's CSV: test, rps, avg, min, p50, p95, p99, max (milliseconds). */
  static List<Row> parse(String csv, int pipeline) {
    List<Row> rows = new ArrayList<>();
    for (String line : csv.split("\\R")) {
      String[] fields = line.replace("\"", "").split(",");
      if (fields.length < 8 || fields[0].equals("test")) {
        continue;
      }
      rows.add(new Row(fields[0] + " -P " + pipeline)
          .metric("ops", Double.parseDouble(fields[1]))
          .metric("avg", Double.parseDouble(fields[2]) * 1000)
          .metric("p50", Double.parseDouble(fields[4]) * 1000)
          .metric("p99", Double.parseDouble(fields[6]) * 1000)
          .metric("max", Double.parseDouble(fields[7]) * 1000));
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException("no results in redis-benchmark output: " + csv);
    }
    return rows;
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
