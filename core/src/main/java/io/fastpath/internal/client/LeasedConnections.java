package io.fastpath.internal.client;

import io.fastpath.RedisNotSentException;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A bounded pool of connections to one server, each leased to one caller at a time: for what would hold
 * a shared connection (a blocking pop, WATCH and its transaction). Connections are opened lazily on the
 * client's event loops and kept for reuse. A caller beyond {@code capacity} waits for a returned
 * connection until its deadline, then fails with {@link RedisNotSentException} naming the pool's size.
 *
 * <p>Thread-safe: any thread leases and returns; the state below is guarded by {@code this}.
 */
final class LeasedConnections {
    private final Endpoint endpoint;
    private final ConnectionSettings settings;
    private final ClientResources resources;
    private final int capacity;
    /** What the pool is for, in error messages: "blocking", "WATCH". */
    private final String purpose;

    // Guarded by this.
    private final ArrayDeque<Connection> idle = new ArrayDeque<>();
    private final List<Connection> open = new ArrayList<>();
    private final ArrayDeque<CompletableFuture<Connection>> waiters = new ArrayDeque<>();
    private boolean closed;

    LeasedConnections(Endpoint endpoint, ConnectionSettings settings, ClientResources resources, int capacity, String purpose) {
        this.endpoint = endpoint;
        this.settings = settings;
        this.resources = resources;
        this.capacity = capacity;
        this.purpose = purpose;
    }

    /** A connection for the caller alone until {@link #release} or {@link #discard}; waits until {@code deadlineNanos} at most. */
    CompletableFuture<Connection> lease(long deadlineNanos) {
        CompletableFuture<Connection> lease = new CompletableFuture<>();
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new RedisNotSentException(endpoint.toString(), "the client is closed", null));
            }
            Connection available = idle.poll();
            if (available == null && open.size() < capacity) {
                available = openConnection();
            }
            if (available != null) {
                lease.complete(available);
                return lease;
            }
            waiters.add(lease);
        }
        long waitNanos = Math.max(0, deadlineNanos - System.nanoTime());
        resources.nextEventLoop().schedule(() -> {
            boolean expired;
            synchronized (this) {
                expired = waiters.remove(lease);
            }
            if (expired) {
                lease.completeExceptionally(new RedisNotSentException(endpoint.toString(), "all " + capacity + " "
                        + purpose + " connections to this node stayed busy for the whole command timeout; raise "
                        + (purpose.equals("blocking") ? "blockingConnectionsPerNode" : "watchConnectionsPerNode")
                        + " or run fewer at once", null));
            }
        }, waitNanos, TimeUnit.NANOSECONDS);
        return lease;
    }

    /** Returns a connection whose last command was answered: the next waiter gets it, or it waits idle. */
    void release(Connection connection) {
        while (true) {
            CompletableFuture<Connection> next;
            synchronized (this) {
                if (!open.contains(connection)) {
                    connection.close(0); // leased from an earlier pool of this node, closed when the node left
                    return;
                }
                next = waiters.poll();
                if (next == null) {
                    if (closed) {
                        connection.close(0);
                    } else {
                        idle.push(connection); // most recently used first: the others may stay idle
                    }
                    return;
                }
            }
            if (next.complete(connection)) {
                return;
            } // that waiter gave up (its caller was interrupted): try the next
        }
    }

    /**
     * Closes a connection whose state is unknown (a command timed out or was abandoned while the server may
     * still block on it, or a WATCH may still hold) instead of returning it; a waiter gets a fresh one.
     */
    void discard(Connection connection) {
        connection.close(0);
        CompletableFuture<Connection> next;
        Connection replacement;
        synchronized (this) {
            open.remove(connection);
            next = closed ? null : waiters.poll();
            replacement = next == null ? null : openConnection();
        }
        if (next != null) {
            next.complete(replacement);
        }
    }

    // Guarded by this.
    private Connection openConnection() {
        Connection connection = new Connection(endpoint, settings, resources.nextEventLoop(), resources.channelType());
        connection.start(); // commands sent before the handshake wait for it within their deadline
        open.add(connection);
        return connection;
    }

    /** Fails every waiter with {@code reason} and closes every connection, letting unanswered commands finish within {@code graceNanos}. */
    CompletableFuture<Void> close(long graceNanos, String reason) {
        List<CompletableFuture<Connection>> failed;
        List<Connection> toClose;
        synchronized (this) {
            closed = true;
            failed = new ArrayList<>(waiters);
            waiters.clear();
            toClose = new ArrayList<>(open);
            idle.clear();
        }
        for (CompletableFuture<Connection> waiter : failed) {
            waiter.completeExceptionally(new RedisNotSentException(endpoint.toString(), reason, null));
        }
        CompletableFuture<?>[] all = new CompletableFuture<?>[toClose.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = toClose.get(i).close(graceNanos, reason);
        }
        return CompletableFuture.allOf(all);
    }

    /** Connections opened so far (tests and diagnostics). */
    synchronized int openCount() {
        return open.size();
    }
}
