package io.fastpath.benchmarks.scale;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One phase of scenario (m)'s load (steady state, or one cluster event): latencies of the commands that completed in
 * it and the failures by exception class, those on the marked shard (a killed primary's) apart.
 *
 * <p>Written by every caller thread, read by the driving thread once the phase has ended.
 */
final class LoadPhase {

  private final String name;
  private final long startNanos = System.nanoTime();
  private final Recorder latencies = new Recorder(3);
  private final LongAdder completed = new LongAdder();
  private final Map<String, LongAdder> failuresByClass = new ConcurrentHashMap<>();
  /** The first failure of each class, for the log: the class alone does not say why. */
  private final Map<String, String> firstMessageByClass = new ConcurrentHashMap<>();
  private final LongAdder failuresOnMarkedShard = new LongAdder();
  private volatile long endNanos;
  private Histogram histogram;

  LoadPhase(String name) {
    this.name = name;
  }

  String name() {
    return name;
  }

  /** Any caller thread. */
  void succeeded(long latencyNanos) {
    latencies.recordValue(latencyNanos);
    completed.increment();
  }

  /** Any caller thread: a command that threw; {@code onMarkedShard} when its key's slot belongs to the marked shard. */
  void failed(RuntimeException failure, boolean onMarkedShard) {
    failuresByClass.computeIfAbsent(failure.getClass().getSimpleName(), name -> new LongAdder()).increment();
    firstMessageByClass.putIfAbsent(failure.getClass().getSimpleName(), String.valueOf(failure.getMessage()));
    if (onMarkedShard) {
      failuresOnMarkedShard.increment();
    }
  }

  /** Driving thread: no command is recorded in this phase after this. */
  void end() {
    endNanos = System.nanoTime();
    histogram = latencies.getIntervalHistogram();
  }

  double seconds() {
    return (endNanos - startNanos) / 1e9;
  }

  long completed() {
    return completed.sum();
  }

  double percentileMicros(double percentile) {
    return histogram.getTotalCount() == 0 ? Double.NaN
        : histogram.getValueAtPercentile(percentile) / (double) TimeUnit.MICROSECONDS.toNanos(1);
  }

  long failures() {
    return failuresByClass.values().stream().mapToLong(LongAdder::sum).sum();
  }

  long failuresOnMarkedShard() {
    return failuresOnMarkedShard.sum();
  }

  /** Each failure class with the message of its first failure, one per line; empty when none failed. */
  String firstMessages() {
    StringBuilder text = new StringBuilder();
    new TreeMap<>(firstMessageByClass).forEach((type, message) -> text.append(type).append(": ").append(message).append('\n'));
    return text.toString();
  }

  /** For example {@code RedisTimeoutException 12, RedisConnectionException 3}; empty when none failed. */
  String failureClasses() {
    StringBuilder text = new StringBuilder();
    new TreeMap<>(failuresByClass).forEach((type, count) ->
        text.append(text.length() == 0 ? "" : ", ").append(type).append(' ').append(count.sum()));
    return text.toString();
  }
}
