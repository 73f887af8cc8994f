package io.fastpath.benchmarks.sentinel;

import java.util.BitSet;

/**
 * One caller's acknowledged INCRs on its own counter, to count those a failover lost. An INCR answered
 * {@code v} says the increment that made the counter {@code v} happened; when a later INCR answers
 * {@code w <= v} (the counter went back: the client now writes to a primary that never had those
 * increments), every acknowledged value from {@code w} up was lost, and so is every acknowledged value
 * above the counter's final value. Increments whose outcome was unknown are not counted either way.
 *
 * <p>Thread ownership: the caller's thread, then the scenario's after the caller stopped.
 */
final class AcknowledgedIncrements {
  private final BitSet acknowledged = new BitSet();
  private long highest;
  private long lost;
  private long count;

  void acknowledged(long value) {
    count++;
    if (value <= highest) {
      lost += acknowledged.get((int) value, (int) highest + 1).cardinality();
      acknowledged.clear((int) value, (int) highest + 1);
    }
    acknowledged.set((int) value);
    highest = value;
  }

  /** Those lost so far, plus those above the counter's final value on the primary. */
  long lost(long finalValue) {
    long above = finalValue >= highest ? 0 : acknowledged.get((int) finalValue + 1, (int) highest + 1).cardinality();
    return lost + above;
  }

  long count() {
    return count;
  }
}
