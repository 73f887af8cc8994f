package io.fastpath.benchmarks;

import java.lang.management.ManagementFactory;

/**
 * CPU time used by this JVM process, all threads together.
 *
 * <p>redis-server is a separate process, so a delta of this clock is the client side's cost only
 * (the client library plus the benchmark's own caller threads, the same for every client).
 */
public final class CpuClock {

  private static final com.sun.management.OperatingSystemMXBean SYSTEM =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private CpuClock() {}

  public static long processCpuNanos() {
    return SYSTEM.getProcessCpuTime();
  }
}
