package io.fastpath.internal.pubsub;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs tasks one at a time in submission order on a shared executor, so one listener sees its messages
 * in order without a thread of its own. A null executor runs them on the submitting thread. At most
 * {@code capacity} tasks wait (the running one aside): {@link #offer} refuses more, and the owner decides
 * what to drop ({@link #dropOldest}).
 *
 * <p>Thread ownership: any thread submits and drops; at most one drain runs at a time.
 */
final class SerialExecutor implements Executor {
    private static final int TASKS_PER_TURN = 256;

    private final Executor base;
    private final int capacity;
    // Any thread.
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** Tasks waiting, counted apart (the queue's own size() walks it): at least the queue's length, at most capacity. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();

    SerialExecutor(Executor base, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.base = base;
        this.capacity = capacity;
    }

    /** Like {@link #offer}, but a full lane throws {@link RejectedExecutionException}. */
    @Override
    public void execute(Runnable task) {
        if (!offer(task)) {
            throw new RejectedExecutionException("the lane already holds " + capacity + " waiting tasks");
        }
    }

    /** Queues {@code task} unless {@code capacity} tasks already wait; false then, and nothing changed. */
    boolean offer(Runnable task) {
        if (waiting.incrementAndGet() > capacity) {
            waiting.decrementAndGet();
            return false;
        }
        tasks.add(task);
        if (draining.compareAndSet(false, true)) {
            schedule();
        }
        return true;
    }

    /** Removes the oldest waiting task without running it; false when none was waiting. */
    boolean dropOldest() {
        if (tasks.poll() == null) {
            return false;
        }
        waiting.decrementAndGet();
        return true;
    }

    /** Removes every waiting task without running it; returns how many. */
    int clear() {
        int removed = 0;
        while (dropOldest()) {
            removed++;
        }
        return removed;
    }

    /**
     * Tasks waiting now (the running one not counted). The counter briefly reads capacity + 1 while a refused
     * {@link #offer} takes back its reservation; the queue itself never holds more than capacity.
     */
    int waiting() {
        return Math.min(waiting.get(), capacity);
    }

    private void schedule() {
        if (base == null) {
            drain();
            return;
        }
        try {
            base.execute(this::drain);
        } catch (RejectedExecutionException shutDown) {
            clear(); // the client is closing: nothing more is delivered
            draining.set(false);
        }
    }

    private void drain() {
        do {
            for (int ran = 0; ran < TASKS_PER_TURN; ran++) {
                Runnable task = tasks.poll();
                if (task == null) {
                    break;
                }
                waiting.decrementAndGet();
                task.run();
            }
            draining.set(false);
            // A task added after the last poll saw draining still true: pick it up here.
            if (tasks.isEmpty() || !draining.compareAndSet(false, true)) {
                return;
            }
        } while (base == null);
        schedule(); // yield the pooled thread between turns
    }
}
