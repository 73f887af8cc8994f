package io.fastpath.internal.pubsub;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import io.fastpath.RedisArgumentException;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.Subscription;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client's pub/sub: subscriptions, their listeners, and the dedicated subscriber connections that
 * carry them ({@link StandalonePubSub} for one server, {@link ClusterPubSub} for a cluster). Nothing is
 * connected until the first subscription.
 *
 * <p>Thread ownership: any thread subscribes and unsubscribes; event loops deliver pushes.
 */
public abstract class PubSubEngine implements SubscriberOwner, AutoCloseable {
    final SubscriptionRegistry registry = new SubscriptionRegistry();
    final ConnectionSettings settings;
    final ClientResources resources;
    final long timeoutNanos;
    // Any thread.
    volatile boolean closed;

    PubSubEngine(ConnectionSettings settings, ClientResources resources, long timeoutNanos) {
        this.settings = settings.withoutTracking(); // subscriber connections read no keys: nothing to invalidate
        this.resources = resources;
        this.timeoutNanos = timeoutNanos;
    }

    /**
     * Registers {@code listener} for {@code names} and waits (up to the command timeout) until the server
     * has confirmed every name this client was not subscribed to yet.
     */
    public Subscription subscribe(PubSubKind kind, PubSubListener listener, List<String> names) {
        if (listener == null) {
            throw new RedisArgumentException(kind.subscribeName() + " needs a listener");
        }
        if (names == null || names.isEmpty()) {
            throw new RedisArgumentException(kind.subscribeName() + " needs at least one name");
        }
        for (String name : names) {
            if (name == null) {
                throw new RedisArgumentException(kind.subscribeName() + " names must not be null");
            }
        }
        if (closed) {
            throw new RedisNotSentException(kind.subscribeName(), "the client is closed", null);
        }
        ActiveSubscription subscription = new ActiveSubscription(kind, names, listener, resources.completionExecutor(), this);
        SubscriptionRegistry.Registration registration = registry.add(subscription);
        List<String> added = registration.added();
        long deadline = System.nanoTime() + timeoutNanos;
        try {
            if (!added.isEmpty()) {
                serverSubscribe(kind, added, deadline).whenComplete((ok, failure) -> {
                    if (failure == null) {
                        registration.confirmation().complete(null);
                    } else {
                        registration.confirmation().completeExceptionally(
                                failure instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : failure);
                    }
                });
            } else {
                registration.confirmation().complete(null);
            }
            // Names another subscription is subscribing right now count only once the server confirmed them.
            List<CompletableFuture<Void>> all = new ArrayList<>(registration.othersPending());
            all.add(registration.confirmation());
            CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).get(timeoutNanos, TimeUnit.NANOSECONDS);
            return subscription;
        } catch (ExecutionException failed) {
            subscription.unsubscribe();
            throw rethrowable(failed.getCause(), kind);
        } catch (TimeoutException timedOut) {
            subscription.unsubscribe();
            throw new RedisTimeoutException(kind.subscribeName() + " " + names + " was not confirmed within the command timeout", true);
        } catch (InterruptedException interrupted) {
            BoundedWait.interrupted(interrupted, kind.subscribeName() + " " + names + " to be confirmed");
            subscription.unsubscribe();
            throw new RedisException("interrupted while waiting for " + kind.subscribeName() + " to be confirmed", interrupted);
        } catch (RuntimeException refused) {
            subscription.unsubscribe();
            throw refused;
        }
    }

    private static RuntimeException rethrowable(Throwable cause, PubSubKind kind) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new RedisException(kind.subscribeName() + " failed: " + cause, cause);
    }

    /** Called once per subscription by {@link ActiveSubscription#unsubscribe()}. */
    void remove(ActiveSubscription subscription) {
        List<String> unused = registry.remove(subscription);
        if (!unused.isEmpty() && !closed) {
            serverUnsubscribe(subscription.kind, unused, System.nanoTime() + timeoutNanos);
        }
    }

    /** Event loop: a message push for {@code name} goes to every subscription listening to it. */
    @Override
    public void deliver(PubSubKind kind, String name, PubSubMessage message) {
        for (ActiveSubscription subscription : registry.users(kind, name)) {
            subscription.deliver(message);
        }
    }

    /** Opens a subscriber connection and waits for its first handshake; pub/sub needs RESP3. */
    SubscriberConnection openAndAwait(Endpoint endpoint) {
        SubscriberConnection subscriber = new SubscriberConnection(endpoint, settings, resources, this);
        try {
            subscriber.start().get(settings.connectTimeout().toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException failed) {
            subscriber.close();
            Throwable cause = failed instanceof ExecutionException ? failed.getCause() : failed;
            if (cause instanceof RedisException redis) {
                throw redis;
            }
            throw new RedisConnectionException(endpoint.toString(), "cannot open the pub/sub connection: " + cause, cause);
        } catch (InterruptedException interrupted) {
            BoundedWait.interrupted(interrupted, "the pub/sub connection to " + endpoint);
            subscriber.close();
            throw new RedisConnectionException(endpoint.toString(), "interrupted while opening the pub/sub connection", interrupted);
        }
        if (!subscriber.connection().negotiatedResp3()) {
            subscriber.close();
            throw new RedisException(endpoint + " has no HELLO 3 (RESP3); Fastpath's pub/sub needs Redis 6 or later");
        }
        return subscriber;
    }

    /** Subscribes {@code names} (new to this client) on the server; completes when all are confirmed. */
    abstract CompletableFuture<Void> serverSubscribe(PubSubKind kind, List<String> names, long deadlineNanos);

    /** Unsubscribes {@code names} (no subscription uses them any more) on the server; not awaited. */
    abstract void serverUnsubscribe(PubSubKind kind, List<String> names, long deadlineNanos);

    /** Event loop: the server dropped a shard channel on its own (its slot moved away from that node). */
    @Override
    public abstract void shardChannelDropped(SubscriberConnection from, String channel);

    /** Event loop: re-subscribing after a reconnect was refused for {@code names} (MOVED after a slot move, a changed ACL). */
    @Override
    public abstract void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names, RedisServerException refusal);

    /** Closes every subscriber connection; listeners get nothing more. */
    @Override
    public abstract void close();

    /** Marks every subscription closed, after {@link #close}: their connections are gone with the client. */
    public final void closeSubscriptions() {
        for (ActiveSubscription subscription : registry.all()) {
            subscription.closeWithClient();
        }
    }
}
