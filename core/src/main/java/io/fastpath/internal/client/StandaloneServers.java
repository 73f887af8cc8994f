package io.fastpath.internal.client;

import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Endpoint;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * Where the commands of a client that is not on a cluster go: one fixed server ({@link FixedServer}), or
 * the primary a set of Sentinels names and its replicas ({@code internal.sentinel.SentinelServers}), which
 * can change at any moment. Everything that needs "the server" (shared connections, MULTI/EXEC, cache
 * fills, the blocking and WATCH pools, pub/sub) asks here each time instead of keeping an address.
 *
 * <p>Thread-safe: any thread routes.
 */
public interface StandaloneServers {
    /** The connections of the server that takes writes now. */
    NodeConnections primary();

    /**
     * Sends a command on a shared connection: to the primary, or, for a read-only command under a
     * {@code ReadPolicy}, possibly to a replica. Returns the future the caller waits on: {@code command}
     * itself, or one completed after it (a write acknowledged only once replicas confirmed it).
     */
    <T> CompletableFuture<T> send(CommandFuture<T> command, boolean callerIdle);

    /**
     * Caller-driven I/O: as {@link #send}, on a connection whose loop the calling thread takes when one is free, the
     * command marked so its caller drives that loop until the reply; servers without caller-driven loops just send.
     */
    default <T> CompletableFuture<T> sendDriving(CommandFuture<T> command, boolean callerIdle) {
        return send(command, callerIdle);
    }

    /**
     * Sends a command on the primary's connection of the calling thread, whatever its key, so one caller's
     * commands keep their call order across keys (a Spring pipeline); replies as {@link #send}.
     */
    <T> CompletableFuture<T> sendInCallOrder(CommandFuture<T> command);

    /** Closes every connection; unanswered commands get up to {@code graceNanos} to finish. */
    CompletableFuture<Void> close(long graceNanos);

    /**
     * Told after every change of primary (never for a fixed server), on the thread that made it: the
     * blocking and WATCH pools of {@code from} close, pub/sub moves to {@code to}. Must not block.
     */
    default void primaryChangeListener(BiConsumer<Endpoint, Endpoint> listener) {
    }

    /** How the client describes its servers (the client's toString). */
    String describe();
}
