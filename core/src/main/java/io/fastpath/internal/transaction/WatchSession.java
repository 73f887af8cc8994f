package io.fastpath.internal.transaction;

import io.fastpath.RedisCrossSlotException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.cluster.CommandSlots;
import io.fastpath.internal.command.BlockTime;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import java.util.List;

/**
 * Commands run on the leased connection between WATCH and the transaction: reads whose results decide
 * what the transaction writes. Used by the caller's thread only, inside the WATCH callback.
 */
public final class WatchSession {
    private final Connection connection;
    /** The watched keys' slot on a cluster; {@link CommandSlots#NO_KEYS} on a standalone server. */
    private final int slot;
    private final long commandTimeoutNanos;
    // Caller thread only.
    /** False once a command failed without an answer (timeout, lost connection): the connection's state is unknown. */
    private boolean answered = true;
    private boolean open = true;
    /** The channel number the latest command was written on (WATCH's, right after it ran). */
    private int lastChannel = -1;

    WatchSession(Connection connection, int slot, long commandTimeoutNanos) {
        this.connection = connection;
        this.slot = slot;
        this.commandTimeoutNanos = commandTimeoutNanos;
    }

    /** Runs {@code spec} now on the watched connection and returns its result. */
    public <T> T execute(CommandSpec<T> spec) {
        if (!open) {
            throw new IllegalStateException("the WATCH callback has returned: " + spec.name() + " can no longer run on its connection");
        }
        TransactionCommands.requireAllowedInTransaction(spec);
        requireSlot(List.of(spec), "the read " + spec.name());
        return run(spec);
    }

    /** Runs {@code spec} on the watched connection without the caller-facing checks (the client's own WATCH). */
    <T> T run(CommandSpec<T> spec) {
        long blockNanos = BlockTime.blockNanos(spec.name(), spec.args());
        long now = System.nanoTime();
        long deadline = blockNanos == BlockTime.NOT_BLOCKING ? now + commandTimeoutNanos
                : BlockTime.deadline(now, blockNanos, commandTimeoutNanos);
        CommandFuture<T> command = new CommandFuture<>(spec, true, deadline);
        connection.send(command);
        try {
            T result = TransactionRunner.await(command, spec.name() + " in a WATCH transaction");
            lastChannel = command.writtenOnChannel();
            return result;
        } catch (RedisServerException refused) {
            throw refused; // answered: the connection is fine
        } catch (RuntimeException unanswered) {
            answered = false;
            throw unanswered;
        }
    }

    /** On a cluster, every key must be in the watched slot: the connection goes to that slot's primary only. */
    void requireSlot(List<CommandSpec<?>> commands, String what) {
        if (slot == CommandSlots.NO_KEYS) {
            return;
        }
        int commandsSlot = CommandSlots.commonSlot(commands, what);
        if (commandsSlot != CommandSlots.NO_KEYS && commandsSlot != slot) {
            throw new RedisCrossSlotException(what + " was not sent: its keys hash to slot " + commandsSlot
                    + " but the watched keys to slot " + slot + "; WATCH and its transaction run on that slot's node. "
                    + "Put the keys under one {hashtag}.");
        }
    }

    /** The watched keys' slot on a cluster; {@link CommandSlots#NO_KEYS} on a standalone server. */
    int slot() {
        return slot;
    }

    int lastChannel() {
        return lastChannel;
    }

    void close() {
        open = false;
    }

    boolean allAnswered() {
        return answered;
    }
}
