package io.fastpath.internal.pubsub;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs tasks one at a time in submission order on a shared executor, so one listener sees its messages
 * in order without a thread of its own. A null executor runs them on the submitting thread.
 *
 * <p>Thread ownership: any thread submits; at most one drain runs at a time.
 */
final class SerialExecutor implements Executor {
    private static final int TASKS_PER_TURN = 256;

    private final Executor base;
    // Any thread.
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();

    SerialExecutor(Executor base) {
        this.base = base;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        if (draining.compareAndSet(false, true)) {
            schedule();
        }
    }

    private void schedule() {
        if (base == null) {
            drain();
            return;
        }
        try {
            base.execute(this::drain);
        } catch (RejectedExecutionException shutDown) {
            tasks.clear(); // the client is closing: nothing more is delivered
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
