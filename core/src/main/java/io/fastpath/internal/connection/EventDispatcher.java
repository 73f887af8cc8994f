package io.fastpath.internal.connection;

import io.fastpath.RedisEvent;
import io.fastpath.RedisEventListener;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.jctools.queues.MpscArrayQueue;

/**
 * Hands events to the user's listener one at a time, in publication order, on the completion executor
 * (or on the publishing thread when there is none), so a listener never runs on an I/O thread unless
 * the user chose direct completion. {@link #NONE} drops everything.
 *
 * <p>The queue holds at most {@link #MAX_QUEUED_EVENTS} events: while a slow listener leaves it full, newer
 * events are dropped and counted ({@link #droppedEvents()}), and once the listener has caught up it is told
 * how many with {@link RedisEvent.EventsDropped}, so a stuck listener costs bounded memory.
 *
 * <p>Thread ownership: any thread publishes; at most one delivery task runs at a time.
 */
public final class EventDispatcher {
    /** Events waiting for the listener at most; a power of two (the queue's own capacity). */
    public static final int MAX_QUEUED_EVENTS = 8_192;
    public static final EventDispatcher NONE = new EventDispatcher(null, null);
    private static final System.Logger LOG = System.getLogger(EventDispatcher.class.getName());

    private final RedisEventListener listener;
    private final Executor executor;
    // Any thread.
    private final Queue<RedisEvent> queue;
    private final AtomicBoolean delivering = new AtomicBoolean();
    private final LongAdder dropped = new LongAdder();
    // The delivering thread only (one at a time; the delivering flag orders one turn before the next).
    private long droppedReported;

    /** @param executor where the listener runs; null runs it on the publishing thread */
    public EventDispatcher(RedisEventListener listener, Executor executor) {
        this(listener, executor, MAX_QUEUED_EVENTS);
    }

    /** With a queue of {@code capacity} events (rounded up to a power of two); for tests. */
    EventDispatcher(RedisEventListener listener, Executor executor, int capacity) {
        this.listener = listener;
        this.executor = executor;
        this.queue = listener == null ? null : new MpscArrayQueue<>(capacity);
    }

    /** False when nobody listens, so publishers can skip building the event. */
    public boolean enabled() {
        return listener != null;
    }

    public void publish(RedisEvent event) {
        if (listener == null) {
            return;
        }
        if (!queue.offer(event)) {
            dropped.increment(); // the listener is this far behind: newer events are the ones lost
        }
        scheduleDelivery();
    }

    /** Events dropped so far because the queue was full. */
    public long droppedEvents() {
        return dropped.sum();
    }

    /** Events waiting for the listener now (at most the queue's capacity). */
    public int queuedEvents() {
        return queue == null ? 0 : queue.size();
    }

    private void scheduleDelivery() {
        if (queue.isEmpty() || !delivering.compareAndSet(false, true)) {
            return;
        }
        if (executor == null) {
            deliver();
            return;
        }
        try {
            executor.execute(this::deliver);
        } catch (RejectedExecutionException shutDown) {
            queue.clear(); // the client is closing: nobody is left to tell
            delivering.set(false);
        }
    }

    private void deliver() {
        RedisEvent event;
        while ((event = queue.poll()) != null) {
            try {
                listener.onEvent(event);
            } catch (RuntimeException failed) {
                // A failing listener must not break the client or stop later events, but it must be seen.
                LOG.log(System.Logger.Level.WARNING, "the RedisEventListener threw on " + event + "; later events are still delivered", failed);
            }
        }
        reportDrops();
        delivering.set(false);
        scheduleDelivery(); // an event published between the last poll and the reset
    }

    /** Delivering thread, once the queue is empty: tells the listener how many events it missed since the last report. */
    private void reportDrops() {
        long total = dropped.sum();
        if (total == droppedReported) {
            return;
        }
        long missed = total - droppedReported;
        droppedReported = total;
        RedisEvent.EventsDropped report = new RedisEvent.EventsDropped(missed, total);
        try {
            listener.onEvent(report);
        } catch (RuntimeException failed) {
            LOG.log(System.Logger.Level.WARNING, "the RedisEventListener threw on " + report, failed); // as for any event
        }
    }
}
