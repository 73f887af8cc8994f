package io.fastpath.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Runs blocking caller threads against a client for a fixed time and measures each call.
 *
 * <p>Every caller keeps its own histogram and counters, so measuring adds no contention between
 * callers; they are merged after the window. An optional background caller runs for the same
 * window, is counted but not timed, and is used to add interfering load.
 */
public final class CallerLoop {

  /** One blocking call; {@code iteration} counts this caller's calls from zero. */
  @FunctionalInterface
  public interface Call {
    void run(int caller, long iteration) throws Exception;
  }

  private CallerLoop() {}

  public static LoopResult run(int callers, Duration duration, Call call) {
    return run(callers, duration, call, null);
  }

  public static LoopResult run(int callers, Duration duration, Call call, Call background) {
    CountDownLatch ready = new CountDownLatch(callers + (background == null ? 0 : 1));
    CountDownLatch start = new CountDownLatch(1);
    AtomicLong deadline = new AtomicLong();
    AtomicReference<Throwable> firstError = new AtomicReference<>();
    Histogram[] histograms = new Histogram[callers];
    long[] operations = new long[callers];
    long[] errors = new long[callers];
    List<Thread> threads = new ArrayList<>();
    for (int caller = 0; caller < callers; caller++) {
      int index = caller;
      histograms[index] = new Histogram(3);
      threads.add(new Thread(() -> {
        awaitStart(ready, start);
        long end = deadline.get();
        long iteration = 0;
        long now = System.nanoTime();
        while (now < end) {
          long before = now;
          try {
            call.run(index, iteration);
            now = System.nanoTime();
            histograms[index].recordValue(now - before);
            operations[index]++;
          } catch (Exception | AssertionError e) {
            now = System.nanoTime();
            errors[index]++;
            firstError.compareAndSet(null, e);
          }
          iteration++;
        }
      }, "bench-caller-" + index));
    }
    AtomicLong backgroundOperations = new AtomicLong();
    if (background != null) {
      threads.add(new Thread(() -> {
        awaitStart(ready, start);
        long end = deadline.get();
        long iteration = 0;
        while (System.nanoTime() < end) {
          try {
            background.run(0, iteration++);
            backgroundOperations.incrementAndGet();
          } catch (Exception | AssertionError e) {
            firstError.compareAndSet(null, e);
          }
        }
      }, "bench-background-caller"));
    }
    threads.forEach(Thread::start);
    awaitUninterruptibly(ready);
    long cpuBefore = CpuClock.processCpuNanos();
    long startNanos = System.nanoTime();
    deadline.set(startNanos + duration.toNanos());
    start.countDown();
    threads.forEach(CallerLoop::joinUninterruptibly);
    long elapsed = System.nanoTime() - startNanos;
    long cpu = CpuClock.processCpuNanos() - cpuBefore;

    Histogram merged = new Histogram(3);
    long totalOperations = 0;
    long totalErrors = 0;
    for (int caller = 0; caller < callers; caller++) {
      merged.add(histograms[caller]);
      totalOperations += operations[caller];
      totalErrors += errors[caller];
    }
    return new LoopResult(
        totalOperations, totalErrors, merged, elapsed, cpu, backgroundOperations.get(), firstError.get());
  }

  private static void awaitStart(CountDownLatch ready, CountDownLatch start) {
    ready.countDown();
    awaitUninterruptibly(start);
  }

  public static void awaitUninterruptibly(CountDownLatch latch) {
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

  public static void joinUninterruptibly(Thread thread) {
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
