package io.fastpath.benchmarks.virtualthreads;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One window of {@link VirtualCallerLoop}: successful calls completed inside it with their latencies, callers
 * with none (starved), callers still in a call {@link VirtualCallerLoop#DRAIN} after it (stuck), calls that
 * ended after it (late, not counted), failures by the simple name of what was raised, and the window's wall
 * and process CPU time.
 */
public record VirtualCallerResult(
    int callers,
    long operations,
    int starved,
    int stuck,
    long late,
    Map<String, Long> failuresByClass,
    Histogram latencyNanos,
    long elapsedNanos,
    long cpuNanos,
    Throwable firstFailure) {

  public long failures() {
    return failuresByClass.values().stream().mapToLong(Long::longValue).sum();
  }

  public double operationsPerSecond() {
    return operations * 1e9 / elapsedNanos;
  }

  public double percentileMicros(double percentile) {
    return operations == 0 ? Double.NaN : latencyNanos.getValueAtPercentile(percentile) / 1000.0;
  }

  /** Process CPU over the window per successful call; NaN when none succeeded. */
  public double cpuMicrosPerOperation() {
    return operations == 0 ? Double.NaN : cpuNanos / 1000.0 / operations;
  }
}
