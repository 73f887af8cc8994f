package io.fastpath.soak;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One fault of the chaos loop and what the callers saw from its start until the next fault: commands
 * that failed or took longer than {@link #DISTURBED_NANOS}, and when the last of them ended. The
 * recovery time is that last end minus the fault's start (0 when nothing was disturbed).
 */
final class FaultWindow {
  /** A command slower than this counts as disturbed by the fault. */
  static final long DISTURBED_NANOS = 250_000_000L;

  final String fault;
  final String target;
  final long startNanos;
  /** When the chaos loop finished the action (and waited for the cluster to settle); 0 while running. */
  volatile long actionDoneNanos;
  // Any thread (callers record, the main thread reads at the end).
  final AtomicLong failed = new AtomicLong();
  final AtomicLong slow = new AtomicLong();
  final AtomicLong lastDisturbedEndNanos = new AtomicLong();

  FaultWindow(String fault, String target, long startNanos) {
    this.fault = fault;
    this.target = target;
    this.startNanos = startNanos;
  }

  void recordDisturbed(boolean failure, long endNanos) {
    (failure ? failed : slow).incrementAndGet();
    lastDisturbedEndNanos.accumulateAndGet(endNanos, Math::max);
  }

  long recoveryMillis() {
    long last = lastDisturbedEndNanos.get();
    return last == 0 ? 0 : Math.max(0, (last - startNanos) / 1_000_000);
  }

  long actionMillis() {
    long done = actionDoneNanos;
    return done == 0 ? -1 : (done - startNanos) / 1_000_000;
  }
}
