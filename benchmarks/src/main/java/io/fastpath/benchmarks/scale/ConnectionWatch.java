package io.fastpath.benchmarks.scale;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches the servers' connected clients after a client's build, without traffic: when the last new connection
 * appeared, and how many the client holds on each node.
 */
final class ConnectionWatch {

  static final long WATCH_MILLIS = 3000;
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  /**
   * {@code settledMillis}: from the start of the build until the poll that first saw the most connections, an upper
   * bound of when the last one came up (polls are {@code POLL_NANOS} apart plus one INFO per node).
   */
  record Settled(double settledMillis, Map<Integer, Long> perNode) {}

  private ConnectionWatch() {}

  /** Polls for {@value #WATCH_MILLIS} ms from now. */
  static Settled watch(NodeCounters counters, StartedClient started) {
    long most = -1;
    long mostSeenAt = 0;
    Map<Integer, Long> perNode = new HashMap<>();
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WATCH_MILLIS);
    while (System.nanoTime() < end) {
      Map<Integer, Long> now = held(counters, started);
      long total = now.values().stream().mapToLong(Long::longValue).sum();
      if (total > most) {
        most = total;
        mostSeenAt = System.nanoTime();
        perNode = now;
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
    return new Settled((mostSeenAt - started.startNanos()) / 1e6, perNode);
  }

  /** Per node, the connections the client holds now: connected clients minus those before its build. */
  static Map<Integer, Long> held(NodeCounters counters, StartedClient started) {
    return NodeCounters.differences(started.connectionsBefore(), counters.connectedClients());
  }
}
