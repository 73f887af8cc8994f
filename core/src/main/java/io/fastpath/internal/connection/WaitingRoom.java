package io.fastpath.internal.connection;

import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisProtocolException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The waiting room: commands never written (or written to a lost channel and safe to write again) wait here, in
 * arrival order and within their deadlines, while the connection is not ready or is held for a Sentinel failover;
 * they leave written ({@link Connection#writeWaitingThenDrain}), moved to another connection ({@link HandOver}),
 * expired ({@link DeadlineTimer}) or failed.
 *
 * <p>Thread ownership: the connection's event loop, except {@link #hold()} and {@link #isHeld()} (any thread).
 */
final class WaitingRoom {
    private final Connection connection;
    private final ConnectionSettings settings;
    private final CommandQueue queue;
    private final DeadlineTimer deadlines;
    /** Never-sent commands held while the connection is not ready, in arrival order. */
    private final ArrayDeque<CommandFuture<?>> waiting = new ArrayDeque<>();
    /**
     * Set by {@link #hold()} (Sentinel: a failover was announced): commands wait unwritten, in order, until
     * {@link #resume()} or a hand-over. Written by any thread, cleared on the event loop; drains read it.
     */
    private volatile boolean holding;

    WaitingRoom(Connection connection, ConnectionSettings settings, CommandQueue queue, DeadlineTimer deadlines) {
        this.connection = connection;
        this.settings = settings;
        this.queue = queue;
        this.deadlines = deadlines;
    }

    /** The commands waiting, oldest first (deadline expiry removes from it). */
    ArrayDeque<CommandFuture<?>> commands() {
        return waiting;
    }

    int size() {
        return waiting.size();
    }

    /**
     * Any thread: from the next drain on, commands wait here unwritten, in arrival order, within their
     * deadline (then they fail not-sent), until {@link #resume()} writes them or a hand-over moves them.
     */
    void hold() {
        holding = true;
    }

    /** Any thread: ends {@link #hold()}; what waited is written, in order, ahead of newer commands. */
    void resume() {
        connection.eventLoop().execute(() -> {
            if (!holding) {
                return;
            }
            holding = false;
            if (connection.cycle.state == ConnectCycle.State.READY && !connection.closing) {
                connection.writeWaitingThenDrain();
            }
        });
    }

    /** True between {@link #hold()} and {@link #resume()} (any thread, approximate). */
    boolean isHeld() {
        return holding;
    }

    /** Moves everything queued in here, behind what already waits; a command past the room's size limit fails unsent. */
    void admitQueued() {
        CommandFuture<?> command;
        while ((command = queue.poll()) != null) {
            admit(command);
        }
    }

    /** One command taken from the queue waits here, behind those already waiting; past the size limit it fails unsent. */
    void admit(CommandFuture<?> command) {
        if (command.isDone()) {
            queue.answered();
            command.settle();
        } else if (waiting.size() >= settings.maxQueuedWhileDisconnected()) {
            queue.answered();
            command.completeExceptionally(new RedisNotSentException(connection.endpoint().toString(),
                    "the connection is " + (connection.cycle.state == ConnectCycle.State.READY ? "held during a failover"
                            : connection.cycle.state.name().toLowerCase())
                            + " and " + waiting.size() + " commands are already waiting for it (maxQueuedWhileDisconnected)",
                    connection.cycle.lastFailure));
        } else {
            waiting.add(command);
            deadlines.arm(command.deadlineNanos);
        }
    }

    /** Takes every waiting command, oldest first, to be written now that the connection is ready. */
    ArrayDeque<CommandFuture<?>> takeAll() {
        ArrayDeque<CommandFuture<?>> held = new ArrayDeque<>(waiting);
        waiting.clear();
        return held;
    }

    /** The oldest command never written here: waiting first, then queued; null when there is none. */
    CommandFuture<?> pollUnsent() {
        CommandFuture<?> command = waiting.poll();
        return command != null ? command : queue.poll();
    }

    /** Any thread: puts {@code unsent} (oldest first) ahead of every command waiting here, then completes {@code done}. */
    void adopt(ArrayDeque<CommandFuture<?>> unsent, CompletableFuture<Void> done) {
        connection.eventLoop().execute(() -> {
            admitQueued(); // what arrived meanwhile queues behind the adopted commands
            for (var newestFirst = unsent.descendingIterator(); newestFirst.hasNext(); ) {
                CommandFuture<?> command = newestFirst.next();
                queue.accepted();
                waiting.addFirst(command);
                deadlines.arm(command.deadlineNanos);
            }
            if (connection.closing) {
                failAll("the client is closed", null);
            } else if (connection.cycle.state == ConnectCycle.State.READY && !holding) {
                connection.writeWaitingThenDrain();
            }
            done.complete(null);
        });
    }

    /**
     * Hands every keyed command waiting here to {@code reroute} (never written here, or safe to replay); keyless
     * commands keep waiting. Event loop, while the connection is not ready.
     */
    void rerouteKeyed(Consumer<CommandFuture<?>> reroute) {
        admitQueued();
        var iterator = waiting.iterator();
        while (iterator.hasNext()) {
            CommandFuture<?> command = iterator.next();
            if (command.isDone() || command.spec.routingKey() != null) {
                iterator.remove();
                queue.answered();
                if (!command.isDone()) {
                    reroute.accept(command);
                } else {
                    command.settle(); // given up while it waited, and now dropped unwritten
                }
            }
        }
    }

    /** Fails (or hands off, after a retire or hand-over) every command waiting or queued, oldest first. */
    void failAll(String reason, Throwable cause) {
        Consumer<CommandFuture<?>> handOff = connection.handOver.handOff();
        CommandFuture<?> command;
        while ((command = pollUnsent()) != null) {
            queue.answered();
            if (handOff != null && !command.isDone()) {
                handOff.accept(command); // never written (or safe to replay), so sending it elsewhere is safe
            } else if (command.isDone()) {
                command.settle(); // given up while it waited, and now dropped unwritten
            } else if (command.sentBefore()) {
                command.completeExceptionally(new RedisOutcomeUnknownException(connection.endpoint().toString(),
                        "its connection was lost and " + reason + " before it could be sent again", cause));
            } else {
                command.completeExceptionally(new RedisNotSentException(connection.endpoint().toString(), reason, cause));
            }
        }
    }

    /**
     * Fails every written command of a lost channel as outcome-unknown, except those that may run twice
     * (read-only with retryReads, or marked idempotent): they wait here for the next connection, ahead of
     * newer commands, within their deadline. Not after a protocol error, which their reply may have caused.
     */
    void takeBackFromLostChannel(ReplyFifo fifo, String reason, Throwable cause) {
        queue.repliesAbandoned();
        boolean replayAllowed = !connection.closing && !(cause instanceof RedisProtocolException);
        long now = System.nanoTime();
        ArrayDeque<CommandFuture<?>> replays = null;
        CommandFuture<?> command;
        while ((command = fifo.poll()) != null) {
            if (command.isDone()) {
                queue.answered();
                command.settle(); // its connection is lost: what was written there is not sent again
                continue;
            }
            if (replayAllowed && command.mayReplay(settings.retryReads()) && command.deadlineNanos - now > 0
                    && waiting.size() + (replays == null ? 0 : replays.size()) < settings.maxQueuedWhileDisconnected()) {
                command.prepareReplay();
                if (replays == null) {
                    replays = new ArrayDeque<>();
                }
                replays.add(command);
                deadlines.arm(command.deadlineNanos);
                continue;
            }
            queue.answered();
            command.completeExceptionally(new RedisOutcomeUnknownException(connection.endpoint().toString(), reason, cause));
        }
        if (replays != null) {
            for (var oldestLast = replays.descendingIterator(); oldestLast.hasNext(); ) {
                waiting.addFirst(oldestLast.next());
            }
        }
    }
}
