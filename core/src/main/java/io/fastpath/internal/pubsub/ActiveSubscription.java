package io.fastpath.internal.pubsub;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import io.fastpath.PubSubOverflow;
import io.fastpath.RedisEvent;
import io.fastpath.Subscription;
import io.fastpath.internal.connection.EventDispatcher;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * One listener's subscription: its names, and a serial lane on the completion executor so its messages
 * arrive one at a time, in order, off the I/O thread. The lane holds at most {@code bound} messages; when
 * a slow listener leaves it full, {@link PubSubOverflow} decides what is lost, each lost message is
 * counted, and the first loss of each overflow is published as a {@link RedisEvent.SubscriptionOverflow}.
 *
 * <p>Thread ownership: any thread; {@link #deliver} is called by subscriber connections' event loops.
 */
final class ActiveSubscription implements Subscription {
    private static final System.Logger LOG = System.getLogger(ActiveSubscription.class.getName());

    final PubSubKind kind;
    private final List<String> names;
    private final PubSubListener listener;
    private final SerialExecutor lane;
    private final PubSubEngine engine;
    private final int bound;
    private final PubSubOverflow overflow;
    private final EventDispatcher events;
    /** Where an overflow's unsubscribe runs: never on the event loop that delivers (it may take pub/sub locks). */
    private final Executor offLoop;
    // Any thread.
    private final AtomicBoolean closed = new AtomicBoolean();
    private final LongAdder dropped = new LongAdder();
    /** Set by the first loss of an overflow (which publishes the event), cleared once the lane ran empty. */
    private final AtomicBoolean overflowing = new AtomicBoolean();

    ActiveSubscription(PubSubKind kind, List<String> names, PubSubListener listener, Executor completionExecutor,
                       PubSubEngine engine) {
        this.kind = kind;
        this.names = List.copyOf(names);
        this.listener = listener;
        this.bound = engine.settings.pubSubQueueBound();
        this.overflow = engine.settings.pubSubOverflow();
        this.events = engine.settings.events();
        this.lane = new SerialExecutor(completionExecutor, bound);
        this.offLoop = completionExecutor != null ? completionExecutor : ForkJoinPool.commonPool();
        this.engine = engine;
    }

    @Override
    public List<String> names() {
        return names;
    }

    /** Event loop: hands the message to this listener's lane; dropped once unsubscribed, or by the overflow policy. */
    void deliver(PubSubMessage message) {
        if (closed.get()) {
            return;
        }
        Runnable delivery = () -> run(message);
        if (lane.offer(delivery)) {
            return;
        }
        switch (overflow) {
            case DROP_NEWEST -> lost();
            case DROP_OLDEST -> {
                // Each turn drops one waiting message or finds that the listener just took one: either way room appears.
                do {
                    if (lane.dropOldest()) {
                        lost();
                    }
                } while (!closed.get() && !lane.offer(delivery));
            }
            case UNSUBSCRIBE -> closeOnOverflow();
        }
    }

    private void run(PubSubMessage message) {
        if (closed.get()) {
            return; // unsubscribed while this message waited in the lane
        }
        try {
            listener.onMessage(message);
        } catch (RuntimeException | Error failure) {
            // One bad message must not end the subscription: report it and go on with the next.
            LOG.log(Level.WARNING, "pub/sub listener failed on " + message + "; delivery continues", failure);
        }
        if (lane.waiting() == 0) {
            overflowing.set(false); // the listener caught up: the next overflow is reported again
        }
    }

    private void lost() {
        dropped.increment();
        if (!overflowing.get() && overflowing.compareAndSet(false, true)) {
            publishOverflow(false);
        }
    }

    /** {@link PubSubOverflow#UNSUBSCRIBE}: stop delivery now, free the queue, unsubscribe off the event loop. */
    private void closeOnOverflow() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        dropped.add(1 + lane.clear()); // the message that did not fit, and every waiting one
        overflowing.set(true);
        publishOverflow(true);
        try {
            offLoop.execute(() -> engine.remove(this));
        } catch (RejectedExecutionException shuttingDown) {
            // the client is closing: its subscriber connections go with it
        }
    }

    private void publishOverflow(boolean closedNow) {
        if (events.enabled()) {
            events.publish(new RedisEvent.SubscriptionOverflow(kind.subscribeName(), names, overflow.name(), bound,
                    dropped.sum(), closedNow));
        }
    }

    @Override
    public long droppedMessages() {
        return dropped.sum();
    }

    @Override
    public int queuedMessages() {
        return lane.waiting();
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void unsubscribe() {
        if (closed.compareAndSet(false, true)) {
            lane.clear(); // nothing waiting is delivered any more: give the memory back now
            engine.remove(this);
        }
    }

    /** The client closed: nothing more is delivered and {@link #isClosed} turns true; the server side goes with the connection. */
    void closeWithClient() {
        if (closed.compareAndSet(false, true)) {
            lane.clear();
        }
    }

    @Override
    public String toString() {
        return "Subscription[" + kind.subscribeName() + " " + names + (closed.get() ? ", closed" : "") + "]";
    }
}
