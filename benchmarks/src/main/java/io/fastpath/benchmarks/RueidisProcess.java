package io.fastpath.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rueidis (Go) row of scenarios (c) and (f1): runs {@code benchmarks/rueidis}'s binary (built by {@code scripts/bench} when
 * Go is installed) against the bench server (or cluster) with the same callers, warmup, window and keys as the Java clients, and
 * reads the one JSON line it prints. Its CPU per GET is the Go process's own, as each Java row's is its JVM's.
 */
public final class RueidisProcess {
  /** Where {@code scripts/bench} builds it; {@code -Dbench.rueidis=PATH} points elsewhere. */
  static final Path DEFAULT_BINARY = Path.of("benchmarks", "rueidis", "target", "rueidis-gets");
  private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(\"[^\"]*\"|[-0-9.eE+]+)");

  private RueidisProcess() {}

  /** Blocking GETs from {@code callers} goroutines against the bench server's preloaded keys. */
  public static Row run(BenchContext context, int callers) {
    return run(context.options(), "127.0.0.1:" + context.server().port(), callers, Keyspace.SMALL_KEY_COUNT, "");
  }

  /**
   * Blocking GETs of {@code key:0 .. key:keys-1} from {@code callers} goroutines against {@code address} (a server, or
   * one node of a cluster, which rueidis then discovers), with the run's warmup and window; metrics named with
   * {@code prefix} (scenario f's {@code closed-}).
   */
  public static Row run(BenchOptions options, String address, int callers, int keys, String prefix) {
    Path binary = Path.of(System.getProperty("bench.rueidis", DEFAULT_BINARY.toString()));
    if (!Files.isExecutable(binary)) {
      throw new IllegalStateException(binary + " is not built: scripts/bench builds it when Go is installed");
    }
    List<String> command = List.of(binary.toString(), "-address", address,
        "-callers", Integer.toString(callers), "-keys", Integer.toString(keys),
        "-warmup", options.warmup.toMillis() + "ms", "-duration", options.duration.toMillis() + "ms");
    System.out.println("  " + String.join(" ", command));
    String output;
    try {
      Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      long limitSeconds = options.warmup.plus(options.duration).toSeconds() + 60;
      if (!process.waitFor(limitSeconds, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException("rueidis-gets failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not run " + binary, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running rueidis-gets", e);
    }
    return parse(output, prefix);
  }

  /** Reads {@code {"ops":..,"p50":..,"p99":..,"p999":..,"cpu":..,"errors":..,"version":".."}}. */
  static Row parse(String json, String prefix) {
    Matcher version = Pattern.compile("\"version\":\"([^\"]*)\"").matcher(json);
    Row row = new Row("rueidis (Go) " + (version.find() ? version.group(1) : "?"));
    Matcher field = FIELD.matcher(json);
    int metrics = 0;
    while (field.find()) {
      if (!field.group(2).startsWith("\"")) {
        row.metric(prefix + field.group(1).toLowerCase(Locale.ROOT), Double.parseDouble(field.group(2)));
        metrics++;
      }
    }
    if (metrics < 6) {
      throw new IllegalStateException("no results in rueidis-gets output: " + json);
    }
    return row;
  }
}
