package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.Row;
import java.util.HashMap;
import java.util.Map;

/**
 * Records one ended load phase into a client's row under the phase's name: latencies, failures, slots moved, MOVED/ASK
 * replies the servers sent and what the client itself reports (redirects followed, topology changes applied).
 *
 * <p>Owned by the scenario's driving thread, one per phase: {@link #begin} before the phase's event, {@link #end}
 * after it.
 */
final class PhaseFigures {

  private final NodeCounters counters;
  private final ScaleClient client;
  private final Map<Integer, Long> serverRedirectsBefore;
  private final double clientRedirectsBefore;
  private final double topologyChangesBefore;
  /** The servers' MOVED/ASK counts at the last {@link #readBeforeShutdown}: a node shut down meanwhile keeps them. */
  private final Map<Integer, Long> serverRedirectsLastRead = new HashMap<>();

  private PhaseFigures(NodeCounters counters, ScaleClient client) {
    this.counters = counters;
    this.client = client;
    this.serverRedirectsBefore = counters.redirectReplies();
    this.clientRedirectsBefore = client.redirectsFollowed();
    this.topologyChangesBefore = client.topologyChanges();
  }

  static PhaseFigures begin(NodeCounters counters, ScaleClient client) {
    return new PhaseFigures(counters, client);
  }

  /** Reads the servers' counts now, before a node of the phase is shut down and its counts with it. */
  void readBeforeShutdown() {
    serverRedirectsLastRead.putAll(counters.redirectReplies());
  }

  /** Adds the ended {@code phase}'s figures to {@code row}; {@code slotsMoved} 0 for no move. */
  void end(LoadPhase phase, int slotsMoved, Row row) {
    String prefix = phase.name() + "-";
    if (phase.failures() > 0) {
      System.out.print("  " + client.label() + ", " + phase.name() + ", first failure of each class:\n" + phase.firstMessages());
    }
    row.metric(prefix + "seconds", phase.seconds())
        .metric(prefix + "slots", slotsMoved)
        .metric(prefix + "commands", phase.completed() + phase.failures())
        .metric(prefix + "p50", phase.percentileMicros(50))
        .metric(prefix + "p99", phase.percentileMicros(99))
        .metric(prefix + "p999", phase.percentileMicros(99.9))
        .metric(prefix + "failed", phase.failures())
        .metric(prefix + "failed-marked", phase.failuresOnMarkedShard())
        .metric(prefix + "server-redirects", NodeCounters.growth(serverRedirectsBefore, serverRedirectsNow()))
        .metric(prefix + "client-redirects", client.redirectsFollowed() - clientRedirectsBefore)
        .metric(prefix + "topology-changes", client.topologyChanges() - topologyChangesBefore)
        .text(prefix + "failures", phase.failureClasses());
  }

  private Map<Integer, Long> serverRedirectsNow() {
    Map<Integer, Long> now = new HashMap<>(serverRedirectsLastRead);
    now.putAll(counters.redirectReplies());
    return now;
  }
}
