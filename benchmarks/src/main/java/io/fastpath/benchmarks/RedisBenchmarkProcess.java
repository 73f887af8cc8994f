package io.fastpath.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs redis-benchmark, the server's own C load generator, against the bench server and reads its
 * CSV: one row per command with requests/s and latencies in microseconds.
 */
public final class RedisBenchmarkProcess {

  private RedisBenchmarkProcess() {}

  /** Runs {@code redis-benchmark -h 127.0.0.1 -p <port> <arguments> --csv -q} and parses its rows. */
  public static List<Row> run(BenchContext context, List<String> arguments, String labelSuffix) {
    List<String> command = new ArrayList<>(List.of(context.options().redisBenchmark,
        "-h", "127.0.0.1", "-p", Integer.toString(context.server().port())));
    command.addAll(arguments);
    command.addAll(List.of("--csv", "-q"));
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
    return parse(output, labelSuffix);
  }

  /** Reads redis-benchmark's CSV: test, rps, avg, min, p50, p95, p99, max (milliseconds). */
  public static List<Row> parse(String csv, String labelSuffix) {
    List<Row> rows = new ArrayList<>();
    for (String line : csv.split("\\R")) {
      String[] fields = line.replace("\"", "").split(",");
      if (fields.length < 8 || fields[0].equals("test")) {
        continue;
      }
      rows.add(new Row(fields[0] + labelSuffix)
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
}
