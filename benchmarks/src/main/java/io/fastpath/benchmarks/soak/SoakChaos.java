package io.fastpath.benchmarks.soak;

import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The chaos loop: until the workload ends, one fault after another on a random primary, each followed
 * by a quiet period so its effects are measured in its own {@link FaultWindow}: kill -9 (then wait for
 * the promotion, restart the node, which rejoins as a replica, and wait for a stable cluster), SIGSTOP for
 * {@link #PAUSE} then SIGCONT (shorter than the node timeout: a stall, no failover), a graceful
 * {@code CLUSTER FAILOVER} to its replica, a step-by-step migration of one slot that callers use, and
 * {@code CLIENT KILL TYPE normal} (every client connection of the node drops at once, the server stays up).
 */
final class SoakChaos {
  static final Duration PAUSE = Duration.ofMillis(1200);

  enum Fault { KILL_AND_RESTART, PAUSE, FAILOVER, MIGRATE_SLOT, KILL_CLIENTS }

  final List<FaultWindow> windows = new CopyOnWriteArrayList<>();
  final List<String> actionFailures = new CopyOnWriteArrayList<>();
  private final RedisCluster cluster;
  private final SoakWorkload workload;
  private final Duration quiet;
  private final int callers;

  SoakChaos(RedisCluster cluster, SoakWorkload workload, Duration quiet, int callers) {
    this.cluster = cluster;
    this.workload = workload;
    this.quiet = quiet;
    this.callers = callers;
  }

  /** Runs faults in a fixed rotation until the workload has finished. */
  void run() throws InterruptedException {
    Thread.sleep(quiet.toMillis());
    Fault[] rotation = Fault.values();
    for (int i = 0; !workload.finished(); i++) {
      Fault fault = rotation[i % rotation.length];
      List<RedisServer> primaries = cluster.primaries();
      RedisServer victim = primaries.get(ThreadLocalRandom.current().nextInt(primaries.size()));
      FaultWindow window = new FaultWindow(fault.name().toLowerCase().replace('_', ' '), ":" + victim.port(), System.nanoTime());
      workload.currentFault = window;
      windows.add(window);
      try {
        inject(fault, victim, window);
      } catch (RuntimeException failed) {
        actionFailures.add(window.fault + " on " + window.target + ": " + failed.getMessage());
      }
      window.actionDoneNanos = System.nanoTime();
      sleepUnlessFinished(quiet);
    }
    workload.currentFault = null;
  }

  private void inject(Fault fault, RedisServer victim, FaultWindow window) throws InterruptedException {
    switch (fault) {
      case KILL_AND_RESTART -> {
        workload.freshness.epoch.incrementAndGet(); // what the victim acknowledged may not have reached its replica
        try {
          cluster.killPrimary(victim);
          cluster.awaitPromotion(victim);
          victim.restart();
          cluster.awaitStable();
        } finally {
          workload.freshness.epoch.incrementAndGet(); // the restarted node rejoined as a replica
        }
      }
      case PAUSE -> {
        victim.pause();
        Thread.sleep(PAUSE.toMillis());
        victim.resume();
      }
      case FAILOVER -> cluster.failover(cluster.replicasOf(victim).get(0));
      case KILL_CLIENTS -> victim.call("CLIENT", "KILL", "TYPE", "normal"); // not the admin connection (SKIPME)
      default -> migrateOneSlot(victim);
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

  private void sleepUnlessFinished(Duration duration) throws InterruptedException {
    long until = System.nanoTime() + duration.toNanos();
    while (System.nanoTime() < until && !workload.finished()) {
      Thread.sleep(50);
    }
  }
}
