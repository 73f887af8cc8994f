package io.fastpath.benchmarks;

import org.HdrHistogram.Histogram;

/**
 * What a measured window produced: successful calls with their latencies in nanoseconds, failed
 * calls, the window's wall and process CPU time, and the background caller's call count.
 */
public record LoopResult(
    long operations,
    long errors,
    Histogram latencyNanos,
    long elapsedNanos,
    long cpuNanos,
    long backgroundOperations,
    Throwable firstError) implements MeasuredWindow {

  private static final int MAXIMUM_DESCRIPTION = 160;

  public double backgroundOperationsPerSecond() {
    return backgroundOperations * 1e9 / elapsedNanos;
  }

  /** Adds ops/s, p50/p99/p99.9 in microseconds, CPU us/op and errors to the row. */
  public Row addTo(Row row, String prefix) {
    row.metric(prefix + "ops", operationsPerSecond())
        .metric(prefix + "p50", percentileMicros(50))
        .metric(prefix + "p99", percentileMicros(99))
        .metric(prefix + "p999", percentileMicros(99.9))
        .metric(prefix + "cpu", cpuMicrosPerOperation())
        .metric(prefix + "errors", errors);
    if (firstError != null) {
      row.text("error", describe(firstError));
    }
    return row;
  }

  /** The root cause as "Type: message" on one line, short enough for a table cell. */
  public static String describe(Throwable error) {
    Throwable cause = error;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String text = (cause.getClass().getSimpleName() + ": " + cause.getMessage()).replaceAll("\\s+", " ");
    return text.length() <= MAXIMUM_DESCRIPTION ? text : text.substring(0, MAXIMUM_DESCRIPTION - 3) + "...";
  }
}
