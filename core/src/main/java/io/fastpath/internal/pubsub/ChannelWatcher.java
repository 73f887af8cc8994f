package io.fastpath.internal.pubsub;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * Reads a fixed set of channels on one server over its own {@link SubscriberConnection}, for the client's
 * own use (the event channels of a Sentinel), never for user listeners: each message goes to
 * {@code onMessage} on the connection's event loop, which must not block. Like any subscriber connection
 * it reconnects by itself and re-subscribes in the handshake; {@code onResubscribed} is then told, since
 * whatever was published while it was down is lost. Nothing here waits: {@link #start} returns at once.
 *
 * <p>Thread ownership: any thread starts and closes it; callbacks run on its event loop.
 */
public final class ChannelWatcher implements SubscriberOwner {
    private static final System.Logger LOG = System.getLogger(ChannelWatcher.class.getName());

    private final SubscriberConnection subscriber;
    private final List<String> channels;
    private final BiConsumer<String, String> onMessage;
    private final Runnable onResubscribed;
    private final long timeoutNanos;
    /** Set once the first subscription was confirmed: later handshakes that re-subscribe are reconnects. Any thread. */
    private volatile boolean confirmedOnce;

    public ChannelWatcher(Endpoint endpoint, List<String> channels, ConnectionSettings settings, ClientResources resources,
                          long timeoutNanos, BiConsumer<String, String> onMessage, Runnable onResubscribed) {
        this.channels = List.copyOf(channels);
        this.onMessage = onMessage;
        this.onResubscribed = onResubscribed;
        this.timeoutNanos = timeoutNanos;
        this.subscriber = new SubscriberConnection(endpoint, settings, resources, this);
    }

    /**
     * Connects and subscribes; the future completes once the server confirmed every channel, or fails as
     * soon as the first connects fail (a server down), a handshake is refused or the deadline passes.
     * Either way the connection keeps trying in the background and subscribes once it is up.
     */
    public CompletableFuture<Void> start() {
        CompletableFuture<Void> confirmed = new CompletableFuture<>();
        subscriber.start().whenComplete((ready, unreachable) -> {
            if (unreachable != null) {
                confirmed.completeExceptionally(unreachable);
            }
        });
        subscriber.subscribe(PubSubKind.CHANNEL, channels, System.nanoTime() + timeoutNanos).whenComplete((ok, failure) -> {
            if (failure != null) {
                confirmed.completeExceptionally(failure);
            } else {
                confirmedOnce = true;
                confirmed.complete(null);
            }
        });
        return confirmed;
    }

    public Endpoint endpoint() {
        return subscriber.endpoint();
    }

    /** True while its connection is up and subscribed (any thread, approximate). */
    public boolean isReady() {
        return subscriber.connection().isReady();
    }

    @Override
    public void deliver(PubSubKind kind, String name, PubSubMessage message) {
        onMessage.accept(message.channel(), message.message());
    }

    @Override
    public void shardChannelDropped(SubscriberConnection from, String channel) {
        // Only plain channels are read here: a shard channel push cannot belong to this watcher.
    }

    @Override
    public void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names, RedisServerException refusal) {
        LOG.log(Level.WARNING, "re-subscribing " + names + " on " + from.endpoint() + " after a reconnect was refused ("
                + refusal.getMessage() + "); its events are missed until the next reconnect");
    }

    @Override
    public void resubscribed(SubscriberConnection from) {
        if (confirmedOnce) { // the first handshake may re-issue the channels just asked for: that is no reconnect
            onResubscribed.run();
        }
    }

    public CompletableFuture<Void> close() {
        return subscriber.close();
    }
}
