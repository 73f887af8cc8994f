package io.fastpath.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Runs blocking caller threads at a fixed total rate and measures every call from the time it was
 * scheduled, not from the time it was sent, so a slow client's backlog shows in its latencies
 * (coordinated omission counted).
 *
 * <p>Each caller owns every {@code callers}-th slot of one shared schedule, so sends are spread
 * evenly. A caller that falls behind sends its next slot at once, and that call's latency includes
 * the lateness. Slots still unsent when the window closes are recorded with their lateness at that
 * moment, a lower bound of their latency, and counted as unsent.
 */
public final class OpenLoop {

  /** What the window produced: the loop figures plus the slots that were never sent. */
  public record Result(LoopResult loop, long unsent, double targetPerSecond) {

    public double sentPerSecond() {
      return (loop.operations() + loop.errors()) * 1e9 / loop.elapsedNanos();
    }
  }

  private OpenLoop() {}

  public static Result run(int callers, Duration duration, double perSecond, CallerLoop.Call call) {
    long intervalNanos = Math.round(callers * 1e9 / perSecond);
    CountDownLatch ready = new CountDownLatch(callers);
    CountDownLatch start = new CountDownLatch(1);
    AtomicLong startNanos = new AtomicLong();
    AtomicReference<Throwable> firstError = new AtomicReference<>();
    Histogram[] histograms = new Histogram[callers];
    long[] operations = new long[callers];
    long[] errors = new long[callers];
    long[] unsent = new long[callers];
    List<Thread> threads = new ArrayList<>();
    for (int caller = 0; caller < callers; caller++) {
      int index = caller;
      histograms[index] = new Histogram(3);
      threads.add(new Thread(() -> {
        ready.countDown();
        CallerLoop.awaitUninterruptibly(start);
        long begin = startNanos.get();
        long end = begin + duration.toNanos();
        long scheduled = begin + intervalNanos * index / callers;
        long iteration = 0;
        while (scheduled < end) {
          long now = System.nanoTime();
          if (now >= end) {
            break;
          }
          while (now < scheduled) {
            LockSupport.parkNanos(scheduled - now);
            now = System.nanoTime();
          }
          try {
            call.run(index, iteration);
            histograms[index].recordValue(System.nanoTime() - scheduled);
            operations[index]++;
          } catch (Exception | AssertionError e) {
            errors[index]++;
            firstError.compareAndSet(null, e);
          }
          iteration++;
          scheduled += intervalNanos;
        }
        long closed = Math.max(end, System.nanoTime());
        for (; scheduled < end; scheduled += intervalNanos) {
          histograms[index].recordValue(closed - scheduled);
          unsent[index]++;
        }
      }, "bench-open-caller-" + index));
    }
    threads.forEach(Thread::start);
    CallerLoop.awaitUninterruptibly(ready);
    long cpuBefore = CpuClock.processCpuNanos();
    startNanos.set(System.nanoTime());
    start.countDown();
    threads.forEach(CallerLoop::joinUninterruptibly);
    long elapsed = System.nanoTime() - startNanos.get();
    long cpu = CpuClock.processCpuNanos() - cpuBefore;

    Histogram merged = new Histogram(3);
    long totalOperations = 0;
    long totalErrors = 0;
    long totalUnsent = 0;
    for (int caller = 0; caller < callers; caller++) {
      merged.add(histograms[caller]);
      totalOperations += operations[caller];
      totalErrors += errors[caller];
      totalUnsent += unsent[caller];
    }
    LoopResult loop = new LoopResult(totalOperations, totalErrors, merged, elapsed, cpu, 0, firstError.get());
    return new Result(loop, totalUnsent, perSecond);
  }
}
