package io.fastpath.internal.client;

import io.fastpath.RedisNotSentException;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The client's connections that are never shared: per server, one bounded pool for blocking commands and
 * one for WATCH transactions, each created on first use. Kept apart so that callers parked in BLPOP can
 * never starve a transaction, and neither can delay the multiplexed connections.
 *
 * <p>Thread-safe (any thread).
 */
public final class DedicatedConnections {
    /** Which pool: its connections serve one caller at a time. */
    public enum Purpose { BLOCKING, WATCH }

    private static final String LEFT_TOPOLOGY = "the node left the cluster's topology; the command may be retried on the slot's new owner";
    private static final String CLIENT_CLOSED = "the client was closed (RedisClient.close())";
    private final ConnectionSettings settings;
    private final ClientResources resources;
    private final ConcurrentMap<Endpoint, LeasedConnections> blocking = new ConcurrentHashMap<>();
    private final ConcurrentMap<Endpoint, LeasedConnections> watch = new ConcurrentHashMap<>();
    /** Set by {@link #close}; any thread. */
    private volatile boolean closed;

    public DedicatedConnections(ConnectionSettings settings, ClientResources resources) {
        this.settings = settings;
        this.resources = resources;
    }

    /** A connection to {@code endpoint} leased to the caller alone; hand it back with {@link #release} or {@link #discard}. */
    public CompletableFuture<Connection> lease(Purpose purpose, Endpoint endpoint, long deadlineNanos) {
        if (closed) {
            // No new pool after close: its connection would need the client's stopped event loops.
            return CompletableFuture.failedFuture(new RedisNotSentException(endpoint.toString(), CLIENT_CLOSED, null));
        }
        LeasedConnections pool = pool(purpose, endpoint);
        if (closed) { // raced with close(), which may have missed this pool
            pool.close(0, CLIENT_CLOSED);
        }
        return pool.lease(deadlineNanos);
    }

    /** Returns a connection whose commands were all answered, for the next caller. */
    public void release(Purpose purpose, Connection connection) {
        LeasedConnections pool = pools(purpose).get(connection.endpoint());
        if (pool == null) {
            connection.close(0); // its pool was closed with its node (closeNode) while it was leased
        } else {
            pool.release(connection);
        }
    }

    /** Closes a connection in an unknown state (an abandoned blocking command, a failed WATCH) instead of reusing it. */
    public void discard(Purpose purpose, Connection connection) {
        LeasedConnections pool = pools(purpose).get(connection.endpoint());
        if (pool == null) {
            connection.close(0);
        } else {
            pool.discard(connection);
        }
    }

    /** Connections open in one pool (tests and diagnostics). */
    public int openCount(Purpose purpose, Endpoint endpoint) {
        LeasedConnections pool = pools(purpose).get(endpoint);
        return pool == null ? 0 : pool.openCount();
    }

    private LeasedConnections pool(Purpose purpose, Endpoint endpoint) {
        int capacity = purpose == Purpose.BLOCKING ? settings.blockingConnectionsPerNode() : settings.watchConnectionsPerNode();
        String name = purpose == Purpose.BLOCKING ? "blocking" : "WATCH";
        return pools(purpose).computeIfAbsent(endpoint, address -> new LeasedConnections(address, settings, resources, capacity, name));
    }

    private ConcurrentMap<Endpoint, LeasedConnections> pools(Purpose purpose) {
        return purpose == Purpose.BLOCKING ? blocking : watch;
    }

    /**
     * Closes both pools of a node that left the cluster's topology, so their connections do not linger
     * (and reconnect for ever to an address that may be reused); a later lease opens fresh pools.
     * Unanswered commands get up to {@code graceNanos}.
     */
    public void closeNode(Endpoint endpoint, long graceNanos) {
        LeasedConnections blockingPool = blocking.remove(endpoint);
        LeasedConnections watchPool = watch.remove(endpoint);
        if (blockingPool != null) {
            blockingPool.close(graceNanos, LEFT_TOPOLOGY);
        }
        if (watchPool != null) {
            watchPool.close(graceNanos, LEFT_TOPOLOGY);
        }
    }

    /**
     * Closes every pool. A blocking command still parked fails at once (its block time may be minutes or
     * forever, so waiting for it would stall close()); a WATCH transaction's commands get up to {@code graceNanos}.
     */
    public CompletableFuture<Void> close(long graceNanos) {
        this.closed = true;
        List<CompletableFuture<Void>> closed = new ArrayList<>();
        for (LeasedConnections pool : blocking.values()) {
            closed.add(pool.close(0, CLIENT_CLOSED));
        }
        for (LeasedConnections pool : watch.values()) {
            closed.add(pool.close(graceNanos, CLIENT_CLOSED));
        }
        return CompletableFuture.allOf(closed.toArray(new CompletableFuture<?>[0]));
    }
}
