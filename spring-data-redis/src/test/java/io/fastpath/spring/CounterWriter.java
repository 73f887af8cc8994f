package io.fastpath.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * A thread incrementing one counter through a template, one INCR after the other, until stopped: the values it was
 * acknowledged, in order, and what failed. With no write lost and none run twice they are 1, 2, 3... and the counter
 * on the primary ends at the last one; a write a failover lost shows as a value repeated or skipped.
 */
final class CounterWriter implements AutoCloseable {
    // Written by the writer thread only; read after stop() joined it.
    private final List<Long> acknowledged = new ArrayList<>();
    final Queue<RuntimeException> failures = new ConcurrentLinkedQueue<>();
    private final LongSupplier increment;
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final Thread thread;
    // Any thread: replaced by awaitAcknowledged, counted down by the writer.
    private volatile CountDownLatch nextAcknowledgements = new CountDownLatch(0);

    private CounterWriter(String name, LongSupplier increment) {
        this.increment = increment;
        this.thread = new Thread(this::run, name);
        this.thread.setDaemon(true);
    }

    /** Starts a thread calling {@code increment} (a template's INCR, returning the new value) in a loop. */
    static CounterWriter start(String name, LongSupplier increment) {
        CounterWriter writer = new CounterWriter(name, increment);
        writer.thread.start();
        return writer;
    }

    private void run() {
        while (!stopping.get()) {
            try {
                acknowledged.add(increment.getAsLong());
                nextAcknowledgements.countDown();
            } catch (RuntimeException failed) {
                failures.add(failed);
            }
        }
    }

    /** Returns once {@code count} more INCRs were acknowledged from now on. */
    void awaitAcknowledged(int count) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(count);
        nextAcknowledgements = latch;
        if (!latch.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError(thread.getName() + " got no " + count + " acknowledged INCRs within 30 s; failures: " + failures);
        }
    }

    /** Stops the writer and returns the values acknowledged, in order. */
    List<Long> stop() throws InterruptedException {
        stopping.set(true);
        thread.join(TimeUnit.SECONDS.toMillis(30));
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " did not stop within 30 s");
        }
        return List.copyOf(acknowledged);
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
