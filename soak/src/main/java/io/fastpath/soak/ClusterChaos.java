package io.fastpath.soak;

import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The cluster's faults, on a random primary each: kill -9 (then wait for the promotion, restart the node, which
 * rejoins as a replica, and wait for a stable cluster), SIGSTOP for {@link #PAUSE} then SIGCONT (shorter than the
 * node timeout: a stall, no failover), a graceful {@code CLUSTER FAILOVER} to its replica, a step-by-step migration
 * of one slot that callers use, and {@code CLIENT KILL TYPE normal} (every client connection of the node drops at
 * once, the server stays up).
 */
final class ClusterChaos extends ChaosLoop {
  static final Duration PAUSE = Duration.ofMillis(1200);
  private static final List<String> FAULTS = List.of("kill and restart", "pause", "failover", "migrate slot", "kill clients");

  private final RedisCluster cluster;
  private final int callers;
  private RedisServer victim;

  ClusterChaos(RedisCluster cluster, SoakWorkload workload, Duration quiet, int callers) {
    super(workload, quiet);
    this.cluster = cluster;
    this.callers = callers;
  }

  @Override
  List<String> faults() {
    return FAULTS;
  }

  @Override
  String target(int fault) {
    List<RedisServer> primaries = cluster.primaries();
    victim = primaries.get(ThreadLocalRandom.current().nextInt(primaries.size()));
    return ":" + victim.port();
  }

  @Override
  void inject(int fault) throws InterruptedException {
    switch (fault) {
      case 0 -> losingWrites(() -> {
        cluster.killPrimary(victim);
        cluster.awaitPromotion(victim);
        victim.restart();
        cluster.awaitStable();
      });
      case 1 -> {
        victim.pause();
        Thread.sleep(PAUSE.toMillis());
        victim.resume();
      }
      case 2 -> cluster.failover(cluster.replicasOf(victim).get(0));
      case 3 -> migrateOneSlot(victim);
      default -> victim.call("CLIENT", "KILL", "TYPE", "normal"); // not the admin connection (SKIPME)
    }
  }

  /** Moves the slot of a random caller's key from its owner to {@code target}, ten keys per step. */
  private void migrateOneSlot(RedisServer target) throws InterruptedException {
    int caller = ThreadLocalRandom.current().nextInt(callers);
    int slot = -1;
    RedisServer source = null;
    for (int index = 0; index < 200 && source == null; index++) {
      int candidate = KeySlots.slot("soak:c" + caller + ":k" + index);
      RedisServer owner = cluster.nodeForSlot(candidate);
      if (owner != target) {
        slot = candidate;
        source = owner;
      }
    }
    if (source == null) {
      return;
    }
    cluster.beginMigration(slot, target);
    while (cluster.migrateKeys(slot, 10) > 0) {
      Thread.sleep(5);
    }
    cluster.finishMigration(slot, target);
  }
}
