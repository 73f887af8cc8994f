package io.fastpath.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * What the bulk SET scenarios share, standalone (b) and on a cluster (l): one timed run with its key
 * count checked, and SETs through a plain async API with a bounded window in flight.
 */
public final class BulkSets {

  /** Where the target lives: how to empty it, how many keys it holds, where notes go. */
  public record Target(Runnable flush, LongSupplier storedKeys, Consumer<String> note) {}

  private BulkSets() {}

  /**
   * Runs {@code warmup}, empties the target, collects garbage and times {@code measured}, then
   * writes {@code prefix-seconds}, {@code prefix-ops} and {@code prefix-cpu} (µs of this process's
   * CPU per SET) into the row, or NaN and the error. A key count other than {@code keyCount} after the
   * run is noted, so a client that drops writes cannot look fast.
   */
  static void timed(Row row, String prefix, int keyCount, Target target, Runnable warmup, Runnable measured) {
    long elapsed;
    long cpu;
    try {
      warmup.run();
      target.flush().run();
      BenchContext.collectGarbage();
      long cpuBefore = CpuClock.processCpuNanos();
      long start = System.nanoTime();
      measured.run();
      elapsed = System.nanoTime() - start;
      cpu = CpuClock.processCpuNanos() - cpuBefore;
    } catch (RuntimeException e) {
      row.text("error", prefix + ": " + LoopResult.describe(e));
      notMeasured(row, prefix);
      return;
    }
    long stored = target.storedKeys().getAsLong();
    if (stored != keyCount) {
      target.note().accept(row.label() + " " + prefix + ": server holds " + stored + " keys after " + keyCount + " SETs");
    }
    row.metric(prefix + "-seconds", elapsed / 1e9)
        .metric(prefix + "-ops", keyCount * 1e9 / elapsed)
        .metric(prefix + "-cpu", cpu / 1000.0 / keyCount);
  }

  /**
   * The row of one client in a bulk SET scenario: {@code keys} through its plain async API with {@code window} in
   * flight, then through its bulk mode in batches of {@code batchSize}, each after a warmup of {@code warmupKeys}
   * through the same path; n/a for a mode it does not have.
   */
  public static Row measure(BulkSetClient client, Target target, List<String> keys, List<String> warmupKeys, int window,
      int batchSize) {
    Row row = new Row(client.label());
    if (client.supportsAsync()) {
      timed(row, "async", keys.size(), target,
          () -> sendWindowed(warmupKeys, window, key -> client.setAsync(key, Keyspace.SMALL_VALUE)),
          () -> sendWindowed(keys, window, key -> client.setAsync(key, Keyspace.SMALL_VALUE)));
    } else {
      notMeasured(row, "async");
    }
    String bulkMode = client.bulkMode();
    if (bulkMode != null) {
      row.text("bulk-mode", bulkMode);
      timed(row, "bulk", keys.size(), target,
          () -> client.bulkSet(warmupKeys, Keyspace.SMALL_VALUE, batchSize),
          () -> client.bulkSet(keys, Keyspace.SMALL_VALUE, batchSize));
    } else {
      notMeasured(row, "bulk");
    }
    return row;
  }

  /** NaN for a mode the client does not have, so the table shows n/a. */
  static void notMeasured(Row row, String prefix) {
    row.metric(prefix + "-seconds", Double.NaN).metric(prefix + "-ops", Double.NaN).metric(prefix + "-cpu", Double.NaN);
  }

  /**
   * Sends one async SET per key, keeping at most {@code window} in flight, and returns when every
   * reply has arrived; throws when any SET failed.
   */
  static void sendWindowed(List<String> keys, int window, Function<String, CompletableFuture<?>> setAsync) {
    Semaphore permits = new Semaphore(window);
    AtomicLong errors = new AtomicLong();
    AtomicReference<Throwable> firstError = new AtomicReference<>();
    for (String key : keys) {
      permits.acquireUninterruptibly();
      CompletableFuture<?> reply;
      try {
        reply = setAsync.apply(key);
      } catch (RuntimeException e) {
        permits.release();
        errors.incrementAndGet();
        firstError.compareAndSet(null, e);
        continue;
      }
      reply.whenComplete((ignored, error) -> {
        if (error != null) {
          errors.incrementAndGet();
          firstError.compareAndSet(null, error);
        }
        permits.release();
      });
    }
    permits.acquireUninterruptibly(window);
    if (errors.get() > 0) {
      throw new IllegalStateException(errors.get() + " async SETs failed, first: " + LoopResult.describe(firstError.get()));
    }
  }
}
