package io.fastpath.benchmarks.virtualthreads;

import io.fastpath.benchmarks.CallerLoop;
import io.fastpath.benchmarks.CpuClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * Runs thousands of callers (virtual threads in scenario v; any factory's threads) against a client for a fixed
 * window, counting only what completes inside it: a call still waiting when the window closes (for a pooled
 * connection, say) is not counted, and a caller with no successful call in the window is starved.
 *
 * <p>Unlike {@link CallerLoop}, which gives each of its few platform threads a histogram, every caller here
 * records into one concurrent histogram: ten thousand histograms would cost hundreds of megabytes.
 */
public final class VirtualCallerLoop {

  /** How long after the window the callers still in a call are waited for before they count as stuck. */
  static final Duration DRAIN = Duration.ofSeconds(10);

  private VirtualCallerLoop() {}

  /** Starts {@code callers} threads of {@code threads}, releases them together, and measures one window. */
  public static VirtualCallerResult run(ThreadFactory threads, int callers, Duration window, CallerLoop.Call call) {
    CountDownLatch ready = new CountDownLatch(callers);
    CountDownLatch start = new CountDownLatch(1);
    // Written by the starting thread before start.countDown(), read by callers after it (the latch orders them).
    long[] deadline = new long[1];
    // Each slot written by its own caller only, read after the caller ended or the drain gave up.
    long[] completed = new long[callers];
    ConcurrentHistogram latencyNanos = new ConcurrentHistogram(3);
    Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    LongAdder late = new LongAdder();
    List<Thread> started = new ArrayList<>(callers);
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    for (int caller = 0; caller < callers; caller++) {
      int index = caller;
      Thread thread = threads.newThread(() -> {
        ready.countDown();
        awaitQuietly(start);
        long end = deadline[0];
        long iteration = 0;
        long now = System.nanoTime();
        while (now < end) {
          long before = now;
          Throwable failure = null;
          try {
            call.run(index, iteration++);
          } catch (Exception | AssertionError e) {
            failure = e;
          }
          now = System.nanoTime();
          if (now > end) {
            late.increment(); // finished after the window: neither an op nor a failure of it
          } else if (failure == null) {
            latencyNanos.recordValue(now - before);
            completed[index]++;
          } else {
            failures.computeIfAbsent(failureClass(failure), name -> new LongAdder()).increment();
            firstFailure.compareAndSet(null, failure);
          }
        }
      });
      started.add(thread);
      thread.start();
    }
    awaitQuietly(ready);
    long cpuBefore = CpuClock.processCpuNanos();
    long startNanos = System.nanoTime();
    deadline[0] = startNanos + window.toNanos();
    start.countDown();
    sleepUntil(deadline[0]);
    long cpu = CpuClock.processCpuNanos() - cpuBefore;
    long elapsed = System.nanoTime() - startNanos;
    int stuck = drain(started);

    long operations = 0;
    int starved = 0;
    for (long count : completed) {
      operations += count;
      if (count == 0) {
        starved++;
      }
    }
    Map<String, Long> failureCounts = new TreeMap<>();
    failures.forEach((name, count) -> failureCounts.put(name, count.sum()));
    return new VirtualCallerResult(callers, operations, starved, stuck, late.sum(), failureCounts, latencyNanos,
        elapsed, cpu, firstFailure.get());
  }

  /** The simple name of the failure's root cause: what the client raised, under any wrapping. */
  static String failureClass(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getClass().getSimpleName();
  }

  /** Waits up to {@link #DRAIN} in all for the callers to end; returns how many are still alive. */
  private static int drain(List<Thread> callers) {
    long giveUp = System.nanoTime() + DRAIN.toNanos();
    int alive = 0;
    for (Thread caller : callers) {
      long left = giveUp - System.nanoTime();
      try {
        if (left > 0) {
          caller.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (caller.isAlive()) {
        alive++;
      }
    }
    return alive;
  }

  private static void sleepUntil(long deadlineNanos) {
    long left;
    while ((left = deadlineNanos - System.nanoTime()) > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }


  /**
   * Its own copy of CallerLoop's wait on purpose: calling CallerLoop's would make the first virtual callers initialize
   * that class, and the callers waiting for the initialization pin their carriers (PinnedEventsOnVirtualThreadsTest
   * saw one such event).
   */
  private static void awaitQuietly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
