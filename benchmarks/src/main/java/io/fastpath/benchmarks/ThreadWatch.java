package io.fastpath.benchmarks;

import java.util.List;
import java.util.Set;

/**
 * Finds threads a client started and did not stop, so a client's leftover event loops never run
 * (and take CPU) while the next client is measured.
 */
final class ThreadWatch {

  private static final long GRACE_MILLIS = 3_000;

  private ThreadWatch() {}

  static Set<Thread> liveThreads() {
    return Set.copyOf(Thread.getAllStackTraces().keySet());
  }

  /** Waits briefly for new threads to end and returns the names of those still alive. */
  static List<String> awaitStopped(Set<Thread> before) {
    long deadline = System.currentTimeMillis() + GRACE_MILLIS;
    List<String> lingering = newThreads(before);
    while (!lingering.isEmpty() && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      lingering = newThreads(before);
    }
    return lingering;
  }

  private static List<String> newThreads(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .filter(thread -> !before.contains(thread))
        // The JVM's shared pools belong to no client and idle out on their own.
        .filter(thread -> !thread.getName().startsWith("ForkJoinPool.commonPool"))
        .filter(thread -> !thread.getName().equals("Attach Listener"))
        // The JDK's reaper of processes the benchmark starts (redis-cli in scenario m), not a client's.
        .filter(thread -> !(thread.isDaemon() && thread.getName().equals("process reaper")))
        // A java.lang.ref.Cleaner thread sleeps until an object it tracks becomes unreachable.
        .filter(thread -> !(thread.isDaemon() && thread.getName().startsWith("Cleaner-")))
        .map(Thread::getName)
        .sorted()
        .toList();
  }
}
