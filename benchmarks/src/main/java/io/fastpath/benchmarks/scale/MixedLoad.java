package io.fastpath.benchmarks.scale;

import io.fastpath.testkit.KeySlots;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Scenario (m)'s load: {@value #CALLERS} threads each doing blocking GETs and SETs ({@value #GET_PERCENT}% GETs) of
 * random preloaded keys back to back, each command recorded in the phase current when it completes.
 */
final class MixedLoad implements AutoCloseable {

  static final int CALLERS = 64;
  static final int GET_PERCENT = 80;
  /** Lets commands that read the old phase just before a switch finish recording into it. */
  private static final long SWITCH_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final ScaleClient client;
  private final List<String> keys;
  private final int[] slots;
  private final String value;
  private final AtomicReference<LoadPhase> phase;
  /** Slots whose failures count apart (a killed primary's); empty outside the kill. Replaced, never mutated. */
  private volatile BitSet markedSlots = new BitSet();
  private volatile boolean stopped;
  private final List<Thread> callers = new ArrayList<>();

  private MixedLoad(ScaleClient client, List<String> keys, String value, String firstPhase) {
    this.client = client;
    this.keys = keys;
    this.value = value;
    this.slots = keys.stream().mapToInt(KeySlots::slot).toArray();
    this.phase = new AtomicReference<>(new LoadPhase(firstPhase));
  }

  /** Starts the callers, recording into a phase named {@code firstPhase}. */
  static MixedLoad start(ScaleClient client, List<String> keys, String value, String firstPhase) {
    MixedLoad load = new MixedLoad(client, keys, value, firstPhase);
    for (int i = 0; i < CALLERS; i++) {
      Thread caller = new Thread(load::call, "bench-scale-caller-" + i);
      caller.setDaemon(true); // a caller stuck in a client's long timeout must not keep the JVM up
      load.callers.add(caller);
      caller.start();
    }
    return load;
  }

  /** Driving thread: ends the current phase and returns it; commands completing from now on go to {@code next}. */
  LoadPhase switchTo(String next) {
    LoadPhase ended = phase.getAndSet(new LoadPhase(next));
    LockSupport.parkNanos(SWITCH_GRACE_NANOS);
    ended.end();
    return ended;
  }

  /** Driving thread: failures of keys in {@code slots} count apart from now on (pass an empty set to stop). */
  void markSlots(BitSet slots) {
    markedSlots = (BitSet) slots.clone();
  }

  private void call() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (!stopped) {
      int index = random.nextInt(keys.size());
      String key = keys.get(index);
      long start = System.nanoTime();
      try {
        if (random.nextInt(100) < GET_PERCENT) {
          client.get(key);
        } else {
          client.set(key, value);
        }
        phase.get().succeeded(System.nanoTime() - start);
      } catch (RuntimeException failure) {
        phase.get().failed(failure, markedSlots.get(slots[index]));
      }
    }
  }

  /** Stops the callers, waiting for each one's command in progress (at most a few seconds each). */
  @Override
  public void close() {
    stopped = true;
    for (Thread caller : callers) {
      try {
        caller.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
