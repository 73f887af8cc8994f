package io.fastpath.internal.pubsub;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import io.fastpath.Subscription;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One listener's subscription: its names, and a serial lane on the completion executor so its messages
 * arrive one at a time, in order, off the I/O thread.
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
    // Any thread.
    private final AtomicBoolean closed = new AtomicBoolean();

    ActiveSubscription(PubSubKind kind, List<String> names, PubSubListener listener, Executor completionExecutor,
                       PubSubEngine engine) {
        this.kind = kind;
        this.names = List.copyOf(names);
        this.listener = listener;
        this.lane = new SerialExecutor(completionExecutor);
        this.engine = engine;
    }

    @Override
    public List<String> names() {
        return names;
    }

    /** Event loop: hands the message to this listener's lane; dropped once unsubscribed. */
    void deliver(PubSubMessage message) {
        if (closed.get()) {
            return;
        }
        lane.execute(() -> {
            if (closed.get()) {
                return; // unsubscribed while this message waited in the lane
            }
            try {
                listener.onMessage(message);
            } catch (RuntimeException | Error failure) {
                // One bad message must not end the subscription: report it and go on with the next.
                LOG.log(Level.WARNING, "pub/sub listener failed on " + message + "; delivery continues", failure);
            }
        });
    }

    boolean isClosed() {
        return closed.get();
    }

    @Override
    public void unsubscribe() {
        if (closed.compareAndSet(false, true)) {
            engine.remove(this);
        }
    }

    @Override
    public String toString() {
        return "Subscription[" + kind.subscribeName() + " " + names + (closed.get() ? ", closed" : "") + "]";
    }
}
