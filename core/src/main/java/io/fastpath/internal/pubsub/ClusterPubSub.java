package io.fastpath.internal.pubsub;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.cluster.ClusterRouter;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Pub/sub on a cluster. Channels and patterns: one subscriber connection to one primary (the cluster
 * broadcasts PUBLISH to every node), moved to another primary when its node leaves the topology. Shard
 * channels: one subscriber connection per primary that owns a subscribed channel's slot; after every
 * topology refresh, a {@code sunsubscribe} the server sends when a slot moves away, or a MOVED, each
 * shard channel whose owner changed is unsubscribed on the old node and subscribed on the new one. After a
 * {@code sunsubscribe}, refreshes follow one another until the table stops naming the node that sent it (for
 * {@link #DROP_FOLLOW_UP_NANOS} at most): a refresh can read a node that has not yet learned of the failover, and
 * the demoted primary goes on serving its shard's channels as a replica, so nothing else would ask again.
 *
 * <p>Thread ownership: the connection maps are guarded by {@code this}; callers, event loops and the
 * topology refresher all take it briefly and never wait for the server while holding it.
 */
public final class ClusterPubSub extends PubSubEngine {
    private static final System.Logger LOG = System.getLogger(ClusterPubSub.class.getName());
    private static final int MAX_MOVES_PER_SUBSCRIBE = 5;
    private static final long RETRY_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long after a {@code sunsubscribe} the client keeps asking for a table that moved the slot off its sender. */
    private static final long DROP_FOLLOW_UP_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The node that dropped a shard channel ({@code sunsubscribe}), and when. */
    private record Dropped(Endpoint node, long atNanos) {}

    private final ClusterRouter router;
    // Guarded by this.
    private SubscriberConnection classic;
    private final Map<Endpoint, SubscriberConnection> shardConnections = new HashMap<>();
    /** Shard channels a node dropped, until the table names another owner for them (or the follow-up ended). */
    private final Map<String, Dropped> droppedBy = new HashMap<>();
    private boolean reconcileScheduled;

    public ClusterPubSub(ClusterRouter router, ConnectionSettings settings, ClientResources resources, long timeoutNanos) {
        super(settings.withReplicaReads(false), resources, timeoutNanos);
        this.router = router;
        router.topologyListener(this::reconcile);
    }

    // ---- channels and patterns: one connection to any primary ----

    private SubscriberConnection classic() {
        synchronized (this) {
            if (classic != null) {
                return classic;
            }
        }
        List<Endpoint> primaries = router.primaries();
        if (primaries.isEmpty()) {
            router.requestTopologyRefresh();
            throw new RedisNotSentException("cluster", "no primary is known yet for the pub/sub connection; a topology refresh was requested", null);
        }
        SubscriberConnection opened = openOnAnyOf(primaries);
        opened.connection().disconnectListener(router::requestTopologyRefresh);
        synchronized (this) {
            if (classic == null && !closed) {
                classic = opened;
                return opened;
            }
        }
        opened.close(); // another caller opened one first
        synchronized (this) {
            return classic;
        }
    }

    /** Starts at a random primary (spreading clients over the cluster) and tries the next while one is down. */
    private SubscriberConnection openOnAnyOf(List<Endpoint> primaries) {
        int first = ThreadLocalRandom.current().nextInt(primaries.size());
        RuntimeException lastFailure = null;
        for (int i = 0; i < primaries.size(); i++) {
            try {
                return openAndAwait(primaries.get((first + i) % primaries.size()));
            } catch (RedisConnectionException unreachable) {
                lastFailure = unreachable;
                router.requestTopologyRefresh();
            }
        }
        throw lastFailure;
    }

    // ---- shard channels: one connection per owning primary ----

    private synchronized SubscriberConnection shardConnection(Endpoint owner) {
        SubscriberConnection connection = shardConnections.get(owner);
        if (connection == null) {
            connection = new SubscriberConnection(owner, settings, resources, this);
            connection.connection().disconnectListener(router::requestTopologyRefresh); // a dead primary: find its successor
            connection.start();
            shardConnections.put(owner, connection);
        }
        return connection;
    }

    private synchronized SubscriberConnection holderOf(String channel) {
        for (SubscriberConnection connection : shardConnections.values()) {
            if (connection.names(PubSubKind.SHARD).contains(channel)) {
                return connection;
            }
        }
        return null;
    }

    /**
     * Subscribes shard channels on their slots' owners; a MOVED patches the slot and tries the named node,
     * any other failure retries shortly while the deadline allows.
     */
    private CompletableFuture<Void> subscribeShard(List<String> channels, long deadlineNanos, int attempt) {
        Map<Endpoint, List<String>> byOwner = new LinkedHashMap<>();
        List<String> unowned = new ArrayList<>();
        for (String channel : channels) {
            if (registry.users(PubSubKind.SHARD, channel).isEmpty()) {
                continue; // unsubscribed meanwhile
            }
            Endpoint owner = router.primaryOf(slot(channel));
            if (owner == null) {
                unowned.add(channel);
            } else {
                byOwner.computeIfAbsent(owner, unused -> new ArrayList<>()).add(channel);
            }
        }
        List<CompletableFuture<Void>> all = new ArrayList<>();
        if (!unowned.isEmpty()) {
            router.requestTopologyRefresh();
            all.add(retryShard(unowned, new RedisNotSentException("cluster", "no node serves the slot of " + unowned
                    + " in the client's slot table", null), deadlineNanos, attempt, RETRY_DELAY_NANOS));
        }
        for (Map.Entry<Endpoint, List<String>> entry : byOwner.entrySet()) {
            SubscriberConnection connection = shardConnection(entry.getKey());
            List<String> group = entry.getValue();
            all.add(connection.subscribe(PubSubKind.SHARD, group, deadlineNanos).handle((ok, failure) -> {
                if (failure == null) {
                    return CompletableFuture.<Void>completedFuture(null);
                }
                connection.forget(PubSubKind.SHARD, group);
                Throwable cause = failure instanceof java.util.concurrent.CompletionException ? failure.getCause() : failure;
                boolean moved = cause instanceof RedisServerException server && server.code().equals("MOVED");
                if (moved) {
                    router.moved(cause.getMessage(), connection.endpoint());
                }
                return retryShard(group, cause, deadlineNanos, attempt, moved ? 0 : RETRY_DELAY_NANOS);
            }).thenCompose(next -> next));
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    private CompletableFuture<Void> retryShard(List<String> channels, Throwable cause, long deadlineNanos, int attempt, long delayNanos) {
        if (closed || attempt >= MAX_MOVES_PER_SUBSCRIBE || deadlineNanos - System.nanoTime() <= delayNanos) {
            return CompletableFuture.failedFuture(cause);
        }
        if (delayNanos == 0) {
            return subscribeShard(channels, deadlineNanos, attempt + 1);
        }
        CompletableFuture<Void> retried = new CompletableFuture<>();
        resources.nextEventLoop().schedule(() -> {
            subscribeShard(channels, deadlineNanos, attempt + 1).whenComplete((ok, failure) -> {
                if (failure == null) {
                    retried.complete(null);
                } else {
                    retried.completeExceptionally(failure);
                }
            });
        }, delayNanos, TimeUnit.NANOSECONDS);
        return retried;
    }

    /**
     * After a topology change (or a channel the server dropped): every shard channel not on its slot's
     * current owner moves there, connections left with nothing are closed, and the channel/pattern
     * connection moves when its node is no longer a primary.
     */
    void reconcile() {
        if (closed) {
            return;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        List<String> toMove = new ArrayList<>();
        boolean tableBehind = false;
        synchronized (this) {
            droppedBy.keySet().retainAll(registry.names(PubSubKind.SHARD)); // unsubscribed meanwhile
            for (String channel : registry.names(PubSubKind.SHARD)) {
                Endpoint owner = router.primaryOf(slot(channel));
                tableBehind |= stillNamesTheNodeThatDropped(channel, owner);
                SubscriberConnection holder = holderOf(channel);
                if (holder != null && holder.endpoint().equals(owner)) {
                    continue;
                }
                if (holder != null) {
                    holder.unsubscribe(PubSubKind.SHARD, List.of(channel), deadline); // best effort: the old node may be gone
                }
                toMove.add(channel);
            }
            for (Iterator<SubscriberConnection> it = shardConnections.values().iterator(); it.hasNext(); ) {
                SubscriberConnection connection = it.next();
                if (connection.isEmpty()) {
                    it.remove();
                    connection.close();
                }
            }
        }
        moveClassicIfItsNodeLeft();
        if (!toMove.isEmpty()) {
            subscribeShard(toMove, deadline, 0).whenComplete((ok, failure) -> {
                if (failure != null) {
                    LOG.log(Level.DEBUG, "moving shard channels " + toMove + " failed; retrying", failure);
                    reconcileSoon();
                }
            });
        }
        if (tableBehind) {
            reconcileSoon(); // asks for another refresh: the one applied may have come from a node not yet told
        }
    }

    /**
     * Guarded by this. True while the table still names, as {@code channel}'s owner, the node that dropped it, within
     * the follow-up; forgets the drop once the table names another owner.
     */
    private boolean stillNamesTheNodeThatDropped(String channel, Endpoint owner) {
        Dropped dropped = droppedBy.get(channel);
        if (dropped == null) {
            return false;
        }
        if (dropped.node.equals(owner) && System.nanoTime() - dropped.atNanos < DROP_FOLLOW_UP_NANOS) {
            return true;
        }
        droppedBy.remove(channel);
        return false;
    }

    /** The channel/pattern connection follows the cluster: re-opened on a live primary when its node stopped being one. */
    private void moveClassicIfItsNodeLeft() {
        List<Endpoint> primaries = router.primaries();
        SubscriberConnection moved;
        synchronized (this) {
            if (classic == null || primaries.isEmpty() || primaries.contains(classic.endpoint())) {
                return;
            }
            moved = new SubscriberConnection(primaries.get(0), settings, resources, this);
            moved.names(PubSubKind.CHANNEL).addAll(classic.names(PubSubKind.CHANNEL));
            moved.names(PubSubKind.PATTERN).addAll(classic.names(PubSubKind.PATTERN));
            moved.connection().disconnectListener(router::requestTopologyRefresh);
            classic.close();
            classic = moved;
        }
        moved.start(); // its handshake subscribes everything it was given
    }

    private void reconcileSoon() {
        synchronized (this) {
            if (reconcileScheduled || closed) {
                return;
            }
            reconcileScheduled = true;
        }
        resources.nextEventLoop().schedule(() -> {
            synchronized (this) {
                reconcileScheduled = false;
            }
            router.requestTopologyRefresh();
            reconcile();
        }, 200, TimeUnit.MILLISECONDS);
    }

    private static int slot(String channel) {
        return SlotHash.slot(channel.getBytes(StandardCharsets.UTF_8));
    }

    // ---- PubSubEngine ----

    @Override
    CompletableFuture<Void> serverSubscribe(PubSubKind kind, List<String> names, long deadlineNanos) {
        if (kind == PubSubKind.SHARD) {
            return subscribeShard(names, deadlineNanos, 0);
        }
        return classic().subscribe(kind, names, deadlineNanos);
    }

    @Override
    synchronized void serverUnsubscribe(PubSubKind kind, List<String> names, long deadlineNanos) {
        if (kind != PubSubKind.SHARD) {
            if (classic != null) {
                classic.unsubscribe(kind, names, deadlineNanos);
            }
            return;
        }
        for (String channel : names) {
            SubscriberConnection holder = holderOf(channel);
            if (holder != null) {
                holder.unsubscribe(PubSubKind.SHARD, List.of(channel), deadlineNanos);
            }
        }
    }

    @Override
    public void shardChannelDropped(SubscriberConnection from, String channel) {
        synchronized (this) {
            droppedBy.put(channel, new Dropped(from.endpoint(), System.nanoTime()));
        }
        router.requestTopologyRefresh(); // the slot moved: the table is probably stale too
        reconcile(); // the channel has no holder now: it is subscribed again where the table (or a MOVED) says
    }

    @Override
    public void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names, RedisServerException refusal) {
        if (kind != PubSubKind.SHARD) { // not a topology matter (a changed ACL): nothing to move
            LOG.log(Level.WARNING, "re-subscribing " + kind.subscribeName() + " " + names + " on " + from.endpoint()
                    + " after a reconnect was refused; those listeners get nothing until they subscribe again", refusal);
            return;
        }
        from.forget(kind, names);
        if (refusal.code().equals("MOVED")) {
            router.moved(refusal.getMessage(), from.endpoint());
        }
        reconcileSoon(); // the forgotten channels have no holder now: they are subscribed again on their owner
    }

    @Override
    public void close() {
        List<SubscriberConnection> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(shardConnections.values());
            if (classic != null) {
                all.add(classic);
            }
            shardConnections.clear();
        }
        for (SubscriberConnection connection : all) {
            connection.close();
        }
    }
}
