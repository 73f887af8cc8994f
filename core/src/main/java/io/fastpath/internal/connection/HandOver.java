package io.fastpath.internal.connection;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The hand-over: when a connection's server stops being the one to write to (a cluster node left the topology or lost
 * its slots, Sentinel switched the primary), the commands never written to it go elsewhere instead of failing:
 * {@link #retire}, {@link #handOver} and {@link #rerouteWaiting}.
 *
 * <p>Thread ownership: called from any thread; the moves run on the connection's event loop. {@link #handOff} is
 * set once from any thread; {@link #collected} belongs to the event loop.
 */
final class HandOver {
    private final Connection connection;
    private final WaitingRoom waitingRoom;
    private final CommandQueue queue;
    /** Set once by {@link #retire} or {@link #handOver}: receives never-written commands instead of failing them. */
    private volatile Consumer<CommandFuture<?>> handOff;
    /** Set once close or {@link #handOver} took every queued command, in order (after {@code closing}). */
    private boolean collected;

    HandOver(Connection connection, WaitingRoom waitingRoom, CommandQueue queue) {
        this.connection = connection;
        this.waitingRoom = waitingRoom;
        this.queue = queue;
    }

    /** Where never-written commands go once this connection stopped accepting them; null for a plain close. */
    Consumer<CommandFuture<?>> handOff() {
        return handOff;
    }

    /** Event loop: true once the queued commands were taken in order, so a later one is handed off by the drain. */
    boolean collected() {
        return collected;
    }

    void markCollected() {
        collected = true;
    }

    /** Closes like {@link Connection#close(long)}, handing never-written commands to {@code handOff}. */
    CompletableFuture<Void> retire(long graceNanos, Consumer<CommandFuture<?>> handOff) {
        this.handOff = handOff;
        return connection.close(graceNanos);
    }

    /** Moves every command not written here to the front of {@code next}'s queue (see {@link Connection#handOver}). */
    CompletableFuture<Void> handOver(Connection next, long graceNanos) {
        handOff = next::send;
        connection.closing = true;
        CompletableFuture<Void> moved = new CompletableFuture<>();
        connection.eventLoop().execute(() -> {
            ArrayDeque<CommandFuture<?>> unsent = new ArrayDeque<>();
            CommandFuture<?> command;
            while ((command = waitingRoom.pollUnsent()) != null) {
                queue.answered();
                if (!command.isDone()) {
                    unsent.add(command);
                } else {
                    command.settle(); // given up while it waited, and now dropped unwritten
                }
            }
            collected = true;
            next.waitingRoom.adopt(unsent, moved);
            connection.closeWhenQuiet(System.nanoTime() + graceNanos, new CompletableFuture<>());
        });
        return moved;
    }

    /** While the connection is not ready, hands its keyed waiting commands to {@code reroute} (see {@link Connection#rerouteWaiting}). */
    void rerouteWaiting(Consumer<CommandFuture<?>> reroute) {
        connection.eventLoop().execute(() -> {
            if (connection.cycle.state == ConnectCycle.State.READY || connection.closing) {
                return;
            }
            waitingRoom.rerouteKeyed(reroute);
        });
    }
}
