package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ServerAdmin;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A local Redis Cluster of primaries only, started with the testkit, plus what the scenario needs
 * around it: FLUSHALL on every primary and a preload that sends each key to the node owning its slot,
 * over plain sockets of no measured client's.
 */
public final class BenchCluster implements AutoCloseable {

  private final RedisCluster cluster;

  private BenchCluster(RedisCluster cluster) {
    this.cluster = cluster;
  }

  static BenchCluster start(int primaries) {
    return new BenchCluster(RedisCluster.start(primaries, 0));
  }

  /**
   * Primaries with one replica each and a short node timeout, for failure scenarios. With
   * {@code requireFullCoverage} false ({@code cluster-require-full-coverage no}) the healthy shards keep
   * serving while one has no primary; with true every node answers CLUSTERDOWN until the promotion.
   */
  public static BenchCluster startWithReplicas(int primaries, Duration nodeTimeout, boolean requireFullCoverage) {
    return new BenchCluster(RedisCluster.builder()
        .primaries(primaries)
        .replicasPerPrimary(1)
        .nodeTimeout(nodeTimeout)
        // 64 nodes on 2 cores shared with other work took longer than the kit's default 30 s to agree
        .stableTimeout(Duration.ofSeconds(120))
        .serverArguments("--cluster-require-full-coverage", requireFullCoverage ? "yes" : "no")
        .start());
  }

  public RedisCluster cluster() {
    return cluster;
  }

  /** The node every client is given as its only address. */
  public RedisServer seed() {
    return cluster.primaries().get(0);
  }

  int primaryCount() {
    return cluster.primaries().size();
  }

  /** Empties every primary, then SETs each key to the value on the node that owns its slot. */
  public void flushAndPreload(List<String> keys, byte[] value) {
    Map<Integer, List<String>> keysByPort = new HashMap<>();
    int[] portBySlot = portBySlot();
    for (String key : keys) {
      keysByPort.computeIfAbsent(portBySlot[KeySlots.slot(key)], port -> new ArrayList<>()).add(key);
    }
    for (RedisServer primary : cluster.primaries()) {
      try (ServerAdmin admin = ServerAdmin.connect(primary.port())) {
        admin.flushAll();
        admin.setAll(keysByPort.getOrDefault(primary.port(), List.of()), value);
      }
    }
  }

  /** Empties every primary. */
  void flushAll() {
    for (RedisServer primary : cluster.primaries()) {
      try (ServerAdmin admin = ServerAdmin.connect(primary.port())) {
        admin.flushAll();
      }
    }
  }

  /** The keys held by all primaries together. */
  long databaseSize() {
    long keys = 0;
    for (RedisServer primary : cluster.primaries()) {
      try (ServerAdmin admin = ServerAdmin.connect(primary.port())) {
        keys += admin.databaseSize();
      }
    }
    return keys;
  }

  /** Reads CLUSTER SLOTS once: [[first, last, [host, port, id], replicas...], ...]. */
  private int[] portBySlot() {
    int[] ports = new int[KeySlots.SLOT_COUNT];
    for (Object range : (List<?>) seed().call("CLUSTER", "SLOTS")) {
      List<?> fields = (List<?>) range;
      int first = ((Long) fields.get(0)).intValue();
      int last = ((Long) fields.get(1)).intValue();
      int port = ((Long) ((List<?>) fields.get(2)).get(1)).intValue();
      for (int slot = first; slot <= last; slot++) {
        ports[slot] = port;
      }
    }
    return ports;
  }

  @Override
  public void close() {
    cluster.close();
  }
}
