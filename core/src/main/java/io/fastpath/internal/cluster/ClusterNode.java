package io.fastpath.internal.cluster;

import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.CommandFuture;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** One cluster node as the client sees it: its address and its N multiplexed connections. */
final class ClusterNode {
    final Endpoint endpoint;
    final NodeConnections connections;
    /** Smoothed round trip of the refresher's PING; any thread reads it, the refresher writes it. */
    volatile long latencyNanos = Long.MAX_VALUE;

    ClusterNode(Endpoint endpoint, NodeConnections connections) {
        this.endpoint = endpoint;
        this.connections = connections;
    }

    boolean isReady() {
        return connections.isReady();
    }

    void recordLatency(long sampleNanos) {
        long previous = latencyNanos;
        latencyNanos = previous == Long.MAX_VALUE ? sampleNanos : (previous * 3 + sampleNanos) / 4;
    }

    /** Stops accepting commands and closes once unanswered ones finish, or after {@code graceNanos}. */
    CompletableFuture<Void> close(long graceNanos) {
        return retire(graceNanos, null);
    }

    /** As {@link #close}, handing never-written commands to {@code handOff} (null: fail them). */
    CompletableFuture<Void> retire(long graceNanos, Consumer<CommandFuture<?>> handOff) {
        Connection[] all = connections.all();
        CompletableFuture<?>[] closed = new CompletableFuture<?>[all.length];
        for (int i = 0; i < all.length; i++) {
            closed[i] = handOff == null ? all[i].close(graceNanos) : all[i].retire(graceNanos, handOff);
        }
        return CompletableFuture.allOf(closed);
    }

    @Override
    public String toString() {
        return endpoint.toString();
    }
}
