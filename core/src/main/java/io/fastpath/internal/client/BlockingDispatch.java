package io.fastpath.internal.client;

import io.fastpath.RedisNotSentException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.DedicatedConnections.Purpose;
import io.fastpath.internal.cluster.ClusterRouter;
import io.fastpath.internal.cluster.CommandSlots;
import io.fastpath.internal.command.BlockTime;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Sends a blocking invocation (BLPOP, XREAD BLOCK, WAIT...) on a connection leased from the server's
 * blocking pool, never a shared one: a command the server holds would delay every command queued behind
 * it. Its deadline is the block time plus its timeout (the client's command timeout, or its view's
 * {@code withTimeout}; none for a block time of 0); waiting for a free pooled connection is bounded by that
 * timeout alone.
 *
 * <p>Thread-safe (any thread).
 */
final class BlockingDispatch {
    private final DedicatedConnections pools;
    /** Null for a standalone server. */
    private final ClusterRouter cluster;
    /** The standalone server(s), asked for the current primary on each call; null for a cluster. */
    private final StandaloneServers standalone;
    /** Where async callers' futures complete; null: on the I/O thread. */
    private final Executor completionExecutor;

    BlockingDispatch(DedicatedConnections pools, ClusterRouter cluster, StandaloneServers standalone, Executor completionExecutor) {
        this.pools = pools;
        this.cluster = cluster;
        this.standalone = standalone;
        this.completionExecutor = completionExecutor;
    }

    <T> CompletableFuture<T> send(CommandSpec<T> spec, boolean blockingCaller, long blockNanos, long timeoutNanos) {
        long now = System.nanoTime();
        long deadline = BlockTime.deadline(now, blockNanos, timeoutNanos);
        Endpoint endpoint;
        if (cluster == null) {
            endpoint = standalone.primary().endpoint();
        } else {
            int slot = CommandSlots.commonSlot(List.of(spec), spec.name()); // cross-slot keys fail here, unsent
            endpoint = cluster.primaryFor(slot);
            if (endpoint == null) {
                return CompletableFuture.failedFuture(new RedisNotSentException("cluster",
                        "no node serves slot " + slot + " in the client's slot table; a topology refresh was requested", null));
            }
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        leaseAndSend(spec, endpoint, now + timeoutNanos, deadline, result, blockingCaller, false, 0);
        return result;
    }

    private <T> void leaseAndSend(CommandSpec<T> spec, Endpoint endpoint, long leaseDeadline, long deadline,
                                  CompletableFuture<T> result, boolean blockingCaller, boolean asking, int redirects) {
        pools.lease(Purpose.BLOCKING, endpoint, leaseDeadline).whenComplete((connection, leaseFailure) -> {
            if (leaseFailure != null) {
                complete(result, null, leaseFailure, blockingCaller);
                return;
            }
            send(spec, deadline, connection, result, blockingCaller, asking, redirects);
        });
    }

    private <T> void send(CommandSpec<T> spec, long deadline, Connection connection, CompletableFuture<T> result,
                          boolean blockingCaller, boolean asking, int redirects) {
        CommandFuture<T> command = new CommandFuture<>(spec, true, deadline);
        if (asking) {
            command.prepareResend(true); // ASKING goes right in front of it on the importing node's connection
        }
        command.whenComplete((value, failure) -> {
            // Answered (a value or the server's error): the connection is free. Otherwise (timeout, cancel, lost)
            // the server may still hold the command, so the connection is closed rather than handed on.
            if (failure == null || failure instanceof RedisServerException) {
                pools.release(Purpose.BLOCKING, connection);
            } else {
                pools.discard(Purpose.BLOCKING, connection);
            }
            if (failure instanceof RedisServerException refused && cluster != null && !result.isDone()) {
                // MOVED/ASK: the node did not run it; it goes to the new node on a connection leased there
                Endpoint next = cluster.leasedRedirect(refused.getMessage(), connection.endpoint(), redirects);
                if (next != null) {
                    leaseAndSend(spec, next, deadline, deadline, result, blockingCaller, refused.code().equals("ASK"),
                            redirects + 1);
                    return;
                }
            }
            complete(result, value, failure, blockingCaller);
        });
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                command.cancel(false); // an interrupted caller: its connection is closed, which unblocks the server
            }
        });
        connection.send(command);
    }

    private <T> void complete(CompletableFuture<T> result, T value, Throwable failure, boolean blockingCaller) {
        CallerCompletion.complete(result, value, failure, blockingCaller, completionExecutor);
    }
}
