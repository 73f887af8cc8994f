package io.fastpath.benchmarks;

import org.HdrHistogram.Histogram;

/** A measured window's throughput, latency percentiles and CPU per call, from its counts and histogram. */
public interface MeasuredWindow {

  long operations();

  Histogram latencyNanos();

  long elapsedNanos();

  /** Process CPU over the window. */
  long cpuNanos();

  default double operationsPerSecond() {
    return operations() * 1e9 / elapsedNanos();
  }

  default double percentileMicros(double percentile) {
    return operations() == 0 ? Double.NaN : latencyNanos().getValueAtPercentile(percentile) / 1000.0;
  }

  /** Process CPU over the window per successful call; NaN when none succeeded. */
  default double cpuMicrosPerOperation() {
    return operations() == 0 ? Double.NaN : cpuNanos() / 1000.0 / operations();
  }
}
