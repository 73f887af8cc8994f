package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.LoopResult;
import io.fastpath.benchmarks.Row;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;

/**
 * Scenario (m) for one client with default settings, on the shared cluster: connections and heap after its build,
 * its idle CPU, then {@value MixedLoad#CALLERS} callers' GETs/SETs through a steady window and the four cluster
 * events, each its own load phase.
 *
 * <p>Owned by the scenario's driving thread.
 */
final class ScaleRun {

  static final long WARMUP_MILLIS = 3000;
  static final long STEADY_MILLIS = 5000;
  static final long SETTLE_MILLIS = 1000;
  static final long IDLE_MILLIS = 10_000;
  static final int RESHARD_SLOTS = 2048;
  static final String[] EVENTS = {"reshard", "add", "remove", "kill"};

  private final RedisCluster cluster;
  private final ClusterEvents events;
  private final NodeCounters counters;
  private final List<String> keys;
  private final String value;
  /** Which client of the round this is: each reshards to and kills a different primary. */
  private final int clientIndex;

  ScaleRun(RedisCluster cluster, NodeCounters counters, List<String> keys, String value, int clientIndex) {
    this.cluster = cluster;
    this.events = new ClusterEvents(cluster);
    this.counters = counters;
    this.keys = keys;
    this.value = value;
    this.clientIndex = clientIndex;
  }

  Row measure(StartedClient started) {
    ScaleClient client = started.client();
    Row row = new Row(client.label()).metric("first-reply-ms", started.firstReplyMillis());
    ConnectionWatch.Settled settled = ConnectionWatch.watch(counters, started);
    row.metric("connections-up-ms", settled.settledMillis())
        .metric("connections-idle", total(settled.perNode()));

    try (MixedLoad warmup = MixedLoad.start(client, keys, value, "warmup")) {
      pause(WARMUP_MILLIS);
    }
    Map<Integer, Long> held = ConnectionWatch.held(counters, started);
    Set<Integer> primaryPorts = cluster.primaries().stream().map(RedisServer::port).collect(Collectors.toSet());
    row.metric("connections-loaded", total(held))
        .metric("connections-per-primary", average(held, port -> primaryPorts.contains(port)))
        .metric("connections-per-replica", average(held, port -> !primaryPorts.contains(port)))
        .metric("heap-per-node-kb", (HeapUse.afterCollection() - started.heapBefore()) / 1024.0 / held.size());
    IdleCost.measure(counters, IDLE_MILLIS).addTo(row, "idle-");

    try (MixedLoad load = MixedLoad.start(client, keys, value, "warmup")) {
      pause(WARMUP_MILLIS);
      PhaseFigures steady = PhaseFigures.begin(counters, client);
      load.switchTo("steady");
      pause(STEADY_MILLIS);
      steady.end(load.switchTo("settle"), 0, row);
      try {
        runEvents(load, client, row);
      } catch (RuntimeException e) {
        // the phases measured so far stay in the row; the next client finds the cluster as this event left it
        e.printStackTrace(System.out);
        row.text("error", "event failed: " + LoopResult.describe(e));
      }
    }
    return row;
  }

  private void runEvents(MixedLoad load, ScaleClient client, Row row) {
    List<RedisServer> original = cluster.primaries();
    RedisServer target = original.get((2 * clientIndex) % original.size());

    PhaseFigures reshard = PhaseFigures.begin(counters, client);
    load.switchTo("reshard");
    int moved = events.reshardTo(target, RESHARD_SLOTS);
    reshard.end(load.switchTo("settle"), moved, row);
    settle();

    PhaseFigures add = PhaseFigures.begin(counters, client);
    load.switchTo("add");
    RedisServer added = events.addNode(KeySlots.SLOT_COUNT / (original.size() + 1));
    add.end(load.switchTo("settle"), KeySlots.SLOT_COUNT / (original.size() + 1), row);
    settle();

    PhaseFigures remove = PhaseFigures.begin(counters, client);
    load.switchTo("remove");
    int removed = events.removeNode(added, target, remove::readBeforeShutdown);
    remove.end(load.switchTo("settle"), removed, row);
    settle();

    RedisServer victim = victim(original);
    load.markSlots(events.ownedSlots(victim));
    PhaseFigures kill = PhaseFigures.begin(counters, client);
    load.switchTo("kill");
    events.killPrimary(victim);
    kill.end(load.switchTo("settle"), 0, row);
    load.markSlots(new BitSet());
  }

  /** A primary that still has a replica, other than the resharding target; a different one per client. */
  private RedisServer victim(List<RedisServer> original) {
    for (int offset = 0; offset < original.size(); offset++) {
      RedisServer candidate = original.get((2 * clientIndex + 1 + offset) % original.size());
      if (!cluster.replicasOf(candidate).isEmpty()) {
        return candidate;
      }
    }
    throw new IllegalStateException("no primary with a replica is left to kill");
  }

  private static void settle() {
    pause(SETTLE_MILLIS);
  }

  static void pause(long millis) {
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(millis));
  }

  private static long total(Map<Integer, Long> perNode) {
    return perNode.values().stream().mapToLong(Long::longValue).sum();
  }

  private static double average(Map<Integer, Long> perNode, IntPredicate ports) {
    return perNode.entrySet().stream().filter(entry -> ports.test(entry.getKey()))
        .mapToLong(Map.Entry::getValue).average().orElse(Double.NaN);
  }

}
