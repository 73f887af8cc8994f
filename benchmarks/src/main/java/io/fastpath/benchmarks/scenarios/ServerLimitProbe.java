package io.fastpath.benchmarks.scenarios;

import io.fastpath.benchmarks.BenchContext;
import io.fastpath.benchmarks.BigValueReader;
import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.RedisBenchmarkProcess;
import io.fastpath.benchmarks.Row;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The first row of scenario (d): redis-benchmark's own small GETs (C client, no JVM) alone and
 * while a separate process reads the 5 MB value in a loop. The single-threaded server copies each
 * 5 MB reply, so small GETs wait behind it whatever the client; this row is that floor.
 */
final class ServerLimitProbe {

  static final String LABEL = "redis-benchmark (server limit)";
  // redis-benchmark's GET reads this literal key when no -r is given; preloaded so GETs return a value.
  private static final String REDIS_BENCHMARK_KEY = "key:__rand_int__";
  private static final int MINIMUM_REQUESTS = 100_000;
  private static final int REQUESTS_PER_SECOND_OF_WINDOW = 100_000;

  private ServerLimitProbe() {}

  static Row measure(BenchContext context, int connections, byte[] largeValue) {
    context.prepareServer(admin -> {
      admin.setAll(List.of(REDIS_BENCHMARK_KEY), Keyspace.SMALL_VALUE_BYTES);
      admin.setAll(List.of(Keyspace.LARGE_KEY), largeValue);
    });
    int requests = (int) Math.max(MINIMUM_REQUESTS,
        context.options().duration.toMillis() * REQUESTS_PER_SECOND_OF_WINDOW / 1000);
    List<String> arguments = List.of("-t", "get", "-c", Integer.toString(connections),
        "-n", Integer.toString(requests));
    Row row = new Row(LABEL);
    try {
      Row alone = RedisBenchmarkProcess.run(context, arguments, "").get(0);
      Process reader = startReader(context);
      Row withLarge;
      String readerSummary;
      try {
        BufferedReader output = new BufferedReader(
            new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8));
        String first = output.readLine();
        if (!"ready".equals(first)) {
          throw new IllegalStateException("5 MB reader did not start: " + first);
        }
        withLarge = RedisBenchmarkProcess.run(context, arguments, "").get(0);
        reader.getOutputStream().close();
        readerSummary = output.readLine();
        reader.waitFor(10, TimeUnit.SECONDS);
      } finally {
        reader.destroy();
      }
      return row.metric("alone-ops", alone.metric("ops")).metric("alone-p99", alone.metric("p99"))
          .metric("large-ops", withLarge.metric("ops")).metric("large-p99", withLarge.metric("p99"))
          .metric("large-gets", largeGetsPerSecond(readerSummary))
          .metric("alone-errors", 0).metric("large-errors", 0);
    } catch (IOException e) {
      throw new UncheckedIOException("5 MB reader process failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while measuring the server limit", e);
    } catch (RuntimeException e) {
      context.note(LABEL + " failed: " + e.getMessage());
      return row.text("error", e.getMessage());
    }
  }

  private static Process startReader(BenchContext context) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    // A small serial-GC heap and C1 only: the reader should cost the 2 cores as little as possible.
    List<String> command = List.of(java.toString(), "-Xmx64m", "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        BigValueReader.class.getName(), Integer.toString(context.server().port()), "600");
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /** Reads {@code gets=<count> seconds=<elapsed>}; NaN when the reader printed something else. */
  static double largeGetsPerSecond(String summary) {
    if (summary == null || !summary.startsWith("gets=")) {
      return Double.NaN;
    }
    String[] fields = summary.split(" ");
    double gets = Double.parseDouble(fields[0].substring("gets=".length()));
    double seconds = Double.parseDouble(fields[1].substring("seconds=".length()));
    return seconds > 0 ? gets / seconds : Double.NaN;
  }
}
