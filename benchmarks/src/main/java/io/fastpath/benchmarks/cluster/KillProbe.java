package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Scenario (h)'s side of the failure: one thread kills the victim primary after a delay and watches
 * its replicas' ROLE until one is promoted; {@link #PROBERS} threads keep GETting keys of the victim's
 * shard and remember when the last failed or slow GET ended.
 */
final class KillProbe {

  static final int PROBERS = 4;
  static final Duration PROBE_INTERVAL = Duration.ofMillis(5);
  /** A probe slower than this counts as the shard still being affected. */
  static final Duration SLOW_PROBE = Duration.ofMillis(100);
  private static final Duration ROLE_POLL = Duration.ofMillis(20);
  private static final Duration STUCK_PROBE_GRACE = Duration.ofSeconds(2);

  /** What the probes saw, in milliseconds from the kill; -1 for "did not happen". */
  record Outcome(long failures, long promotedMillis, long affectedMillis, boolean recovered) {}

  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicLong killNanos = new AtomicLong();
  private final AtomicLong promotedNanos = new AtomicLong();
  private final AtomicLong lastBadEndNanos = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  /** Per prober: when its GET in progress started, or 0 when none is in progress. */
  private final AtomicLong[] inProgressSince = new AtomicLong[PROBERS];
  private final List<Thread> threads = new ArrayList<>();

  private KillProbe() {}

  static KillProbe start(RedisCluster cluster, RedisServer victim, ClusterBenchClient client,
      List<String> victimKeys, Duration killAfter) {
    KillProbe probe = new KillProbe();
    List<RedisServer> replicas = cluster.replicasOf(victim);
    probe.threads.add(new Thread(() -> probe.killAndWatch(cluster, victim, replicas, killAfter), "bench-killer"));
    for (int i = 0; i < PROBERS; i++) {
      probe.inProgressSince[i] = new AtomicLong();
      int index = i;
      probe.threads.add(new Thread(() -> probe.probe(index, client, victimKeys), "bench-probe-" + i));
    }
    probe.threads.forEach(thread -> {
      thread.setDaemon(true); // a probe stuck in a peer's minute-long timeout must not keep the JVM up
      thread.start();
    });
    return probe;
  }

  private void killAndWatch(RedisCluster cluster, RedisServer victim, List<RedisServer> replicas, Duration killAfter) {
    LockSupport.parkNanos(killAfter.toNanos());
    cluster.killPrimary(victim);
    killNanos.set(System.nanoTime());
    while (!stop.get() && promotedNanos.get() == 0) {
      for (RedisServer replica : replicas) {
        try {
          if ("master".equals(((List<?>) replica.call("ROLE")).get(0))) {
            promotedNanos.compareAndSet(0, System.nanoTime());
          }
        } catch (RuntimeException busyOrDown) {
          // asked again at the next poll
        }
      }
      LockSupport.parkNanos(ROLE_POLL.toNanos());
    }
  }

  private void probe(int index, ClusterBenchClient client, List<String> victimKeys) {
    while (!stop.get()) {
      long start = System.nanoTime();
      inProgressSince[index].set(start);
      boolean bad;
      try {
        bad = client.get(victimKeys.get(ThreadLocalRandom.current().nextInt(victimKeys.size()))) == null;
      } catch (RuntimeException e) {
        bad = true;
      }
      long end = System.nanoTime();
      inProgressSince[index].set(0);
      if (bad) {
        failures.incrementAndGet();
      }
      if ((bad || end - start > SLOW_PROBE.toNanos()) && killNanos.get() != 0) {
        lastBadEndNanos.accumulateAndGet(end, Math::max);
      }
      LockSupport.parkNanos(PROBE_INTERVAL.toNanos());
    }
  }

  /** Stops the probes (waiting briefly for GETs in progress) and reports. */
  Outcome stop() {
    long stoppedAt = System.nanoTime();
    stop.set(true);
    for (Thread thread : threads) {
      try {
        thread.join(STUCK_PROBE_GRACE.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    boolean recovered = true;
    for (AtomicLong since : inProgressSince) {
      long started = since.get();
      if (started != 0 && stoppedAt - started > SLOW_PROBE.toNanos()) {
        recovered = false;
        lastBadEndNanos.accumulateAndGet(stoppedAt, Math::max);
      }
    }
    long kill = killNanos.get();
    long promoted = promotedNanos.get();
    long lastBad = lastBadEndNanos.get();
    return new Outcome(failures.get(),
        kill == 0 || promoted == 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(promoted - kill),
        kill == 0 ? -1 : lastBad == 0 ? 0 : TimeUnit.NANOSECONDS.toMillis(lastBad - kill),
        recovered);
  }
}
