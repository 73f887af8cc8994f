package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.CpuClock;
import io.fastpath.benchmarks.Row;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The JVM's CPU and the servers' topology queries over an idle window. */
record IdleCost(double cpuMillisPerSecond, double topologyQueriesPerSecond) {

  static IdleCost measure(NodeCounters counters, long windowMillis) {
    Map<Integer, Long> queriesBefore = counters.topologyQueries();
    long cpuBefore = CpuClock.processCpuNanos();
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(windowMillis));
    double cpuMillis = (CpuClock.processCpuNanos() - cpuBefore) / 1e6;
    long queries = NodeCounters.growth(queriesBefore, counters.topologyQueries());
    return new IdleCost(cpuMillis * 1000 / windowMillis, queries * 1000.0 / windowMillis);
  }

  void addTo(Row row, String prefix) {
    row.metric(prefix + "cpu-ms-per-s", cpuMillisPerSecond).metric(prefix + "topology-queries-per-s",
        topologyQueriesPerSecond);
  }
}
