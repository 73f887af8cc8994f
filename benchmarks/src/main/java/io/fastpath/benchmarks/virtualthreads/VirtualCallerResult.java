package io.fastpath.benchmarks.virtualthreads;

import io.fastpath.benchmarks.MeasuredWindow;
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
    Throwable firstFailure) implements MeasuredWindow {

  public long failures() {
    return failuresByClass.values().stream().mapToLong(Long::longValue).sum();
  }
}
