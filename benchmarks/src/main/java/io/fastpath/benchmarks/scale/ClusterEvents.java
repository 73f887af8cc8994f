package io.fastpath.benchmarks.scale;

import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.util.BitSet;
import java.util.List;

/**
 * The four reshapings scenario (m) measures, each returning once every node agrees on the result: slots resharded
 * with {@code redis-cli --cluster reshard}, a node added ({@code CLUSTER MEET}, then slots resharded to it), that node
 * removed (its slots resharded away, {@code CLUSTER FORGET} on every other node, then shut down), and a primary
 * killed with SIGKILL until its replica is promoted.
 *
 * <p>Owned by the scenario's driving thread.
 */
final class ClusterEvents {

  private final RedisCluster cluster;

  ClusterEvents(RedisCluster cluster) {
    this.cluster = cluster;
  }

  /** Reshards {@code slots} slots taken from every other primary to {@code target}; returns the slots moved. */
  int reshardTo(RedisServer target, int slots) {
    RedisCli.reshard(seed(target), "all", cluster.nodeId(target), slots);
    cluster.awaitStable();
    return slots;
  }

  /** Starts a primary, introduces it, reshards {@code slots} slots from the others to it; returns it. */
  RedisServer addNode(int slots) {
    RedisServer node = cluster.addPrimary();
    reshardTo(node, slots);
    return node;
  }

  /**
   * Reshards all of {@code node}'s slots to {@code heir}, has every other node forget it, runs {@code beforeShutdown}
   * (a last reading of its counters) and shuts it down.
   */
  int removeNode(RedisServer node, RedisServer heir, Runnable beforeShutdown) {
    int slots = ownedSlots(node).cardinality();
    RedisCli.reshard(seed(heir), cluster.nodeId(node), cluster.nodeId(heir), slots);
    forgetEverywhere(node);
    beforeShutdown.run();
    node.close();
    cluster.awaitStable();
    return slots;
  }

  /**
   * Kills {@code primary} and waits until a replica serves its slots and the cluster is stable again; then has every
   * node forget the dead one, as an operator would, so redis-cli (which visits every node listed) works afterwards.
   */
  void killPrimary(RedisServer primary) {
    cluster.killPrimary(primary);
    cluster.awaitPromotion(primary);
    forgetEverywhere(primary);
  }

  /** {@code CLUSTER FORGET} on every other running node, within the 60 s before gossip could reintroduce it. */
  private void forgetEverywhere(RedisServer node) {
    String id = cluster.nodeId(node);
    for (RedisServer other : cluster.nodes()) {
      if (other != node && other.isAlive()) {
        other.call("CLUSTER", "FORGET", id);
      }
    }
  }

  /** The slots {@code primary} serves now. */
  BitSet ownedSlots(RedisServer primary) {
    BitSet owned = new BitSet(KeySlots.SLOT_COUNT);
    for (Object range : (List<?>) primary.call("CLUSTER", "SLOTS")) {
      List<?> fields = (List<?>) range;
      if (((Long) ((List<?>) fields.get(2)).get(1)).intValue() == primary.port()) {
        owned.set(((Long) fields.get(0)).intValue(), ((Long) fields.get(1)).intValue() + 1);
      }
    }
    return owned;
  }

  /** Any node other than {@code excluded}, as redis-cli's entry point. */
  private String seed(RedisServer excluded) {
    RedisServer seed = cluster.primaries().stream().filter(node -> node != excluded).findFirst().orElseThrow();
    return seed.host() + ":" + seed.port();
  }
}
