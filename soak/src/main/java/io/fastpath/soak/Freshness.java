package io.fastpath.soak;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The soak's freshness oracle: a read must not return a value older than a write the same caller saw
 * acknowledged before issuing the read. Each caller writes only its own keys, one SET per key at a time
 * (so the order of acknowledgements is the order of the values), and every value carries its caller's
 * sequence number. Through the same client the bound is strict (the cache evicts a client's own writes
 * before their callers see the reply); through the other client a read may trail the write by the time the
 * invalidation takes to arrive, so only reads issued more than {@link #crossClientSlackNanos} after the
 * acknowledgement count as late.
 *
 * <p>What a kill -9 can legitimately lose (asynchronous replication) is not checked: a write whose
 * acknowledgement straddles a kill, or a read whose floor was set before one, is skipped ({@link #epoch}
 * moves at a kill's start and after its restart). A SET that failed leaves its key unchecked for the rest of
 * the run, since an "outcome unknown" write may still be applied by the server after a later one.
 */
final class Freshness {
  /** An acknowledged SET: its sequence, when its caller saw it, through which client, in which kill epoch. */
  record Ack(long sequence, long ackNanos, int client, long epoch) {}

  /** Moves at the start and at the end of every kill; reads and writes spanning a move are not checked. */
  final AtomicLong epoch = new AtomicLong();
  final AtomicLong readsChecked = new AtomicLong();
  final AtomicLong staleSameClient = new AtomicLong();
  final AtomicLong lateStaleOtherClient = new AtomicLong();
  final AtomicLong staleWithinSlack = new AtomicLong();
  /** The longest a stale read within the slack came after the other client's acknowledgement. */
  final AtomicLong longestWithinSlackNanos = new AtomicLong();
  final ConcurrentLinkedQueue<String> staleExamples = new ConcurrentLinkedQueue<>();
  final long crossClientSlackNanos;

  /** The open fault window, named in a stale read's example. */
  private final Supplier<String> faultNote;
  private final int keysPerCaller;
  /** Per caller and key index: the newest acknowledged SET, or null (none yet, or unchecked). */
  private final AtomicReferenceArray<Ack> acks;
  /** Per caller and key index: 1 while a SET is out (the caller's thread sets it, the completion clears it). */
  private final AtomicIntegerArray setInFlight;
  /** Per caller and key index: 1 once a SET of the key failed (its outcome may land later). */
  private final AtomicIntegerArray unchecked;

  Freshness(int callers, int keysPerCaller, long crossClientSlackNanos, Supplier<String> faultNote) {
    this.faultNote = faultNote;
    this.keysPerCaller = keysPerCaller;
    this.crossClientSlackNanos = crossClientSlackNanos;
    this.acks = new AtomicReferenceArray<>(callers * keysPerCaller);
    this.setInFlight = new AtomicIntegerArray(callers * keysPerCaller);
    this.unchecked = new AtomicIntegerArray(callers * keysPerCaller);
  }

  /** Caller thread: claims the key for a SET, or returns false while another SET of it is out. */
  boolean beginSet(int caller, int index) {
    return setInFlight.compareAndSet(slot(caller, index), 0, 1);
  }

  /** Completion of a SET: raises the key's floor when it succeeded within one kill epoch. */
  void endSet(int caller, int index, long sequence, int client, long issueEpoch, boolean succeeded) {
    int slot = slot(caller, index);
    long now = System.nanoTime();
    if (!succeeded) {
      unchecked.set(slot, 1);
      acks.set(slot, null);
    } else if (issueEpoch == epoch.get() && unchecked.get(slot) == 0) {
      acks.set(slot, new Ack(sequence, now, client, issueEpoch));
    } else {
      acks.set(slot, null); // the write may be lost by the kill it straddled
    }
    setInFlight.set(slot, 0);
  }

  /** Caller thread, before issuing a read: the floor it must not go under (null: nothing to check). */
  Ack floor(int caller, int index) {
    int slot = slot(caller, index);
    Ack ack = acks.get(slot);
    return ack == null || unchecked.get(slot) == 1 || ack.epoch() != epoch.get() ? null : ack;
  }

  /** Completion of a read of {@code what} (command and key): {@code value} is the tagged value, or null. */
  void checkRead(String what, Ack floor, String value, int client, long issueNanos) {
    if (floor == null || floor.epoch() != epoch.get()) {
      return; // a kill began since the floor was set: the write may be gone
    }
    readsChecked.incrementAndGet();
    long sequence = value == null ? -1 : Long.parseLong(value.substring(value.lastIndexOf(':') + 1));
    if (sequence >= floor.sequence()) {
      return;
    }
    long sinceAck = issueNanos - floor.ackNanos();
    String example = what + " through client " + client + " read " + value + ", " + (sinceAck / 1000)
        + " µs after client " + floor.client() + " acknowledged sequence " + floor.sequence() + faultNote.get();
    if (floor.client() == client) {
      staleSameClient.incrementAndGet();
    } else if (sinceAck > crossClientSlackNanos) {
      lateStaleOtherClient.incrementAndGet();
    } else {
      staleWithinSlack.incrementAndGet();
      longestWithinSlackNanos.accumulateAndGet(sinceAck, Math::max);
      return;
    }
    if (staleExamples.size() < 20) {
      staleExamples.add(example);
    }
  }

  long defects() {
    return staleSameClient.get() + lateStaleOtherClient.get();
  }

  private int slot(int caller, int index) {
    return caller * keysPerCaller + index;
  }
}
