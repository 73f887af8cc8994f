package io.fastpath.internal.pubsub;

import io.fastpath.RedisServerException;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Pub/sub on one server: every subscription on one subscriber connection, opened by the first subscribe.
 * Under Sentinel the server is the current primary, and {@link #moveTo} follows it when it changes.
 */
public final class StandalonePubSub extends PubSubEngine {
    private static final System.Logger LOG = System.getLogger(StandalonePubSub.class.getName());

    // Guarded by this.
    private Endpoint endpoint;
    private SubscriberConnection subscriber;

    public StandalonePubSub(Endpoint endpoint, ConnectionSettings settings, ClientResources resources, long timeoutNanos) {
        super(settings, resources, timeoutNanos);
        this.endpoint = endpoint;
    }

    private synchronized SubscriberConnection subscriber() {
        if (subscriber == null) {
            subscriber = openAndAwait(endpoint);
        }
        return subscriber;
    }

    /**
     * The server changed (a Sentinel failover): the subscriber connection is re-opened there and its handshake
     * subscribes every current name; messages published in between are lost, as on any reconnect.
     */
    public void moveTo(Endpoint next) {
        SubscriberConnection moved;
        synchronized (this) {
            endpoint = next;
            if (subscriber == null || closed || subscriber.endpoint().equals(next)) {
                return;
            }
            moved = new SubscriberConnection(next, settings, resources, this);
            for (PubSubKind kind : PubSubKind.values()) {
                moved.names(kind).addAll(subscriber.names(kind));
            }
            subscriber.close();
            subscriber = moved;
        }
        moved.start();
    }

    @Override
    CompletableFuture<Void> serverSubscribe(PubSubKind kind, List<String> names, long deadlineNanos) {
        return subscriber().subscribe(kind, names, deadlineNanos);
    }

    @Override
    synchronized void serverUnsubscribe(PubSubKind kind, List<String> names, long deadlineNanos) {
        if (subscriber != null) {
            subscriber.unsubscribe(kind, names, deadlineNanos);
        }
    }

    @Override
    public void shardChannelDropped(SubscriberConnection from, String channel) {
        if (!registry.users(PubSubKind.SHARD, channel).isEmpty() && !closed) {
            from.subscribe(PubSubKind.SHARD, List.of(channel), System.nanoTime() + timeoutNanos); // one server: ask it again
        }
    }

    @Override
    public void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names, RedisServerException refusal) {
        LOG.log(Level.WARNING, "re-subscribing " + kind.subscribeName() + " " + names + " on " + endpoint
                + " after a reconnect was refused; those listeners get nothing until they subscribe again", refusal);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (subscriber != null) {
            subscriber.close();
        }
    }
}
