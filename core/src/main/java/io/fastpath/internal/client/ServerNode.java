package io.fastpath.internal.client;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One server as a client with several servers sees it (a cluster node, a Sentinel-watched primary or
 * replica): its address, its N multiplexed connections, and what {@link ReplicaSelector} compares: the round
 * trip under {@code ReadPolicy.LOWEST_LATENCY}, the zone under the zone policies.
 */
public class ServerNode {
    private static final CommandSpec<Reply> PING = new CommandSpec<>("PING",
            new byte[][] {"PING".getBytes(StandardCharsets.US_ASCII)}, Converters.REPLY, null, false);

    public final Endpoint endpoint;
    public final NodeConnections connections;
    /** The zone the server reports; never learned (null) unless its connections' handshakes ask ({@link ServerZone#probe}). */
    public final ServerZone zone;
    /** Smoothed PING round trip; any thread reads it, the refresher's PING replies write it. */
    private volatile long latencyNanos = Long.MAX_VALUE;

    public ServerNode(Endpoint endpoint, NodeConnections connections) {
        this(endpoint, connections, new ServerZone());
    }

    public ServerNode(Endpoint endpoint, NodeConnections connections, ServerZone zone) {
        this.endpoint = endpoint;
        this.connections = connections;
        this.zone = zone;
    }

    public boolean isReady() {
        return connections.isReady();
    }

    /** The smoothed round trip of {@link #measureLatency}, {@code Long.MAX_VALUE} before the first. */
    public long latencyNanos() {
        return latencyNanos;
    }

    void recordLatency(long sampleNanos) {
        long previous = latencyNanos;
        latencyNanos = previous == Long.MAX_VALUE ? sampleNanos : (previous * 3 + sampleNanos) / 4;
    }

    /** One PING on one of its connections; its round trip feeds {@link #latencyNanos()}. Any thread. */
    public void measureLatency(long deadlineNanos) {
        long start = System.nanoTime();
        CommandFuture<Reply> ping = new CommandFuture<>(PING, true, deadlineNanos);
        ping.whenComplete((reply, failure) -> {
            if (failure == null) {
                recordLatency(System.nanoTime() - start);
            }
        });
        connections.routeSlot(-1).send(ping);
    }

    /** Stops accepting commands and closes once unanswered ones finish, or after {@code graceNanos}. */
    public CompletableFuture<Void> close(long graceNanos) {
        return retire(graceNanos, null);
    }

    /** As {@link #close}, handing never-written commands to {@code handOff} (null: fail them). */
    public CompletableFuture<Void> retire(long graceNanos, Consumer<CommandFuture<?>> handOff) {
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
