package io.fastpath.benchmarks.scale;

import java.time.Duration;
import java.util.Map;

/**
 * A client built by scenario (m) and what was read around its build: the heap in use before it (after a collection),
 * the servers' connected clients before it, and how long {@code build()}/{@code connect} and the first GET took.
 */
record StartedClient(ScaleClient client, long startNanos, long firstReplyNanos, long heapBefore,
    Map<Integer, Long> connectionsBefore) implements AutoCloseable {

  /** Reads the baselines, builds the client and sends its first GET, timing both. */
  static StartedClient start(String name, String host, int port, Duration refreshPeriod, NodeCounters counters,
      String firstKey) {
    long heapBefore = HeapUse.afterCollection();
    Map<Integer, Long> connectionsBefore = counters.connectedClients();
    long start = System.nanoTime();
    ScaleClient client = ScaleClients.create(name, host, port, refreshPeriod);
    try {
      client.get(firstKey);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
    return new StartedClient(client, start, System.nanoTime(), heapBefore, connectionsBefore);
  }

  double firstReplyMillis() {
    return (firstReplyNanos - startNanos) / 1e6;
  }

  @Override
  public void close() {
    client.close();
  }
}
