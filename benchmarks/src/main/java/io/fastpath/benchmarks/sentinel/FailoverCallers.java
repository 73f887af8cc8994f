package io.fastpath.benchmarks.sentinel;

import io.fastpath.testkit.RespClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Callers on their own threads sharing one client, each alternating INCR and GET of its own counter, as
 * in the measurements. Counts failures (before and after the fault), wrong replies (a GET reading
 * more than the caller ever incremented, or no number), the first INCR each caller gets acknowledged after
 * the fault, the longest wait between two acknowledged INCRs of one caller, and the acknowledged INCRs a
 * failover lost ({@link AcknowledgedIncrements}).
 */
final class FailoverCallers implements AutoCloseable {
  private static final long NOT_YET = Long.MIN_VALUE;

  private final SentinelBenchClient client;
  private final int callerCount;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();
  private final AcknowledgedIncrements[] ledgers;
  private final AtomicLongArray firstWriteAfterFault;
  private final AtomicLongArray longestStallNanos;
  private final AtomicLong failuresBefore = new AtomicLong();
  private final AtomicLong failuresAfter = new AtomicLong();
  private final AtomicLong wrongReplies = new AtomicLong();
  private volatile long faultNanos = Long.MAX_VALUE;
  private volatile String firstFailure = "";

  private FailoverCallers(SentinelBenchClient client, int callerCount) {
    this.client = client;
    this.callerCount = callerCount;
    this.ledgers = new AcknowledgedIncrements[callerCount];
    this.firstWriteAfterFault = new AtomicLongArray(callerCount);
    this.longestStallNanos = new AtomicLongArray(callerCount);
    for (int caller = 0; caller < callerCount; caller++) {
      ledgers[caller] = new AcknowledgedIncrements();
      firstWriteAfterFault.set(caller, NOT_YET);
    }
  }

  static FailoverCallers start(SentinelBenchClient client, int callerCount) {
    FailoverCallers callers = new FailoverCallers(client, callerCount);
    for (int caller = 0; caller < callerCount; caller++) {
      int id = caller;
      Thread thread = new Thread(() -> callers.run(id), "bench-sentinel-caller-" + caller);
      thread.setDaemon(true); // a call stuck in a peer's long timeout must not keep the JVM up
      callers.threads.add(thread);
    }
    callers.threads.forEach(Thread::start);
    return callers;
  }

  static String counter(int caller) {
    return "counter:" + caller;
  }

  private void run(int caller) {
    long attempts = 0;
    long lastWrite = System.nanoTime();
    boolean incr = true;
    while (!stopping.get()) {
      try {
        if (incr) {
          attempts++;
          long value = client.incr(counter(caller));
          long now = System.nanoTime();
          ledgers[caller].acknowledged(value);
          longestStallNanos.set(caller, Math.max(longestStallNanos.get(caller), now - lastWrite));
          lastWrite = now;
          if (now - faultNanos > 0 && firstWriteAfterFault.get(caller) == NOT_YET) {
            firstWriteAfterFault.set(caller, now);
          }
        } else {
          String read = client.get(counter(caller));
          if (read != null && Long.parseLong(read) > attempts) {
            wrongReplies.incrementAndGet(); // more than this caller ever incremented: not its counter's value
          }
        }
      } catch (NumberFormatException notANumber) {
        wrongReplies.incrementAndGet();
      } catch (RuntimeException failed) {
        (System.nanoTime() - faultNanos > 0 ? failuresAfter : failuresBefore).incrementAndGet();
        if (firstFailure.isEmpty()) {
          firstFailure = io.fastpath.benchmarks.LoopResult.describe(failed);
        }
      }
      incr = !incr;
    }
  }

  /** From now on, failures count as the fault's and each caller's next acknowledged INCR is noted. */
  void fault(long nanos) {
    for (int caller = 0; caller < callerCount; caller++) {
      longestStallNanos.set(caller, 0); // only stalls that end after the fault count
    }
    faultNanos = nanos;
  }

  boolean everyCallerWroteAfterFault() {
    for (int caller = 0; caller < callerCount; caller++) {
      if (firstWriteAfterFault.get(caller) == NOT_YET) {
        return false;
      }
    }
    return true;
  }

  /** When the last caller got its first INCR acknowledged after the fault; NOT_YET if one never did. */
  long everyCallerWritingNanos() {
    long last = faultNanos;
    for (int caller = 0; caller < callerCount; caller++) {
      long first = firstWriteAfterFault.get(caller);
      if (first == NOT_YET) {
        return NOT_YET;
      }
      last = Math.max(last, first);
    }
    return last;
  }

  static boolean happened(long nanos) {
    return nanos != NOT_YET;
  }

  long longestStallNanos() {
    long longest = 0;
    for (int caller = 0; caller < callerCount; caller++) {
      longest = Math.max(longest, longestStallNanos.get(caller));
    }
    return longest;
  }

  long failuresBeforeFault() {
    return failuresBefore.get();
  }

  long failuresAfterFault() {
    return failuresAfter.get();
  }

  long wrongReplies() {
    return wrongReplies.get();
  }

  String firstFailure() {
    return firstFailure;
  }

  long acknowledgedIncrements() {
    long total = 0;
    for (AcknowledgedIncrements ledger : ledgers) {
      total += ledger.count();
    }
    return total;
  }

  /** Stops the callers, waiting up to a while for calls in progress (a peer may hold one for its whole timeout). */
  void stop() {
    stopping.set(true);
    for (Thread thread : threads) {
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Acknowledged INCRs that the counters on {@code primary} (read after {@link #stop}) no longer hold. */
  long lostAcknowledged(RespClient primary) {
    long lost = 0;
    for (int caller = 0; caller < callerCount; caller++) {
      Object stored = primary.call("GET", counter(caller));
      lost += ledgers[caller].lost(stored == null ? 0 : Long.parseLong((String) stored));
    }
    return lost;
  }

  @Override
  public void close() {
    stopping.set(true);
  }
}
