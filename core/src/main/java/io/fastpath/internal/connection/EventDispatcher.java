package io.fastpath.internal.connection;

import io.fastpath.RedisEvent;
import io.fastpath.RedisEventListener;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands events to the user's listener one at a time, in publication order, on the completion executor
 * (or on the publishing thread when there is none), so a listener never runs on an I/O thread unless
 * the user chose direct completion. {@link #NONE} drops everything.
 *
 * <p>Thread ownership: any thread publishes; at most one delivery task runs at a time.
 */
public final class EventDispatcher {
    public static final EventDispatcher NONE = new EventDispatcher(null, null);
    private static final System.Logger LOG = System.getLogger(EventDispatcher.class.getName());

    private final RedisEventListener listener;
    private final Executor executor;
    // Any thread.
    private final Queue<RedisEvent> queue = PlatformDependent.newMpscQueue();
    private final AtomicBoolean delivering = new AtomicBoolean();

    /** @param executor where the listener runs; null runs it on the publishing thread */
    public EventDispatcher(RedisEventListener listener, Executor executor) {
        this.listener = listener;
        this.executor = executor;
    }

    /** False when nobody listens, so publishers can skip building the event. */
    public boolean enabled() {
        return listener != null;
    }

    public void publish(RedisEvent event) {
        if (listener == null) {
            return;
        }
        queue.offer(event);
        scheduleDelivery();
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
        delivering.set(false);
        scheduleDelivery(); // an event published between the last poll and the reset
    }
}
