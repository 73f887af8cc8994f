package io.fastpath.internal.transaction;

import io.fastpath.RedisCrossSlotException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.DedicatedConnections;
import io.fastpath.internal.client.DedicatedConnections.Purpose;
import io.fastpath.internal.cluster.CommandSlots;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.TransactionGroup;
import java.util.List;

/**
 * A connection leased from the WATCH pool from the first WATCH until the transaction is sent or given up: more
 * WATCHes and reads run on it at once, then {@link #exec} sends the block, refused unsent if the connection was
 * re-established since the first WATCH. {@link #release} without EXEC sends UNWATCH ahead of the next lessee's
 * commands. A connection whose command went unanswered is closed instead of returned. Caller thread only.
 */
public final class WatchLease {
    private final Connection connection;
    private final WatchSession session;
    private final DedicatedConnections dedicated;
    private final long commandTimeoutNanos;
    // Caller thread only.
    /** The channel the first WATCH went out on; EXEC is refused on any other (a reconnect drops the server's WATCH). */
    private int watchChannel = -1;
    private boolean finished;

    WatchLease(Connection connection, int slot, DedicatedConnections dedicated, long commandTimeoutNanos) {
        this.connection = connection;
        this.session = new WatchSession(connection, slot, commandTimeoutNanos);
        this.dedicated = dedicated;
        this.commandTimeoutNanos = commandTimeoutNanos;
    }

    /** WATCH {@code keys} on the leased connection (on a cluster, in the slot of the first WATCH). */
    public void watch(List<byte[]> keys) {
        requireOpen("WATCH");
        int slot = session.slot();
        if (slot != CommandSlots.NO_KEYS) {
            int keysSlot = CommandSlots.commonSlotOfKeys(keys, "WATCH");
            if (keysSlot != slot) {
                throw new RedisCrossSlotException("WATCH was not sent: its keys hash to slot " + keysSlot + " but the keys"
                        + " watched first to slot " + slot + "; put the keys under one {hashtag}.");
            }
        }
        session.run(TransactionRunner.keyed("WATCH", keys, Converters.OK));
        if (watchChannel < 0) {
            watchChannel = session.lastChannel();
        }
    }

    /** Runs {@code spec} now on the watched connection. */
    public <T> T read(CommandSpec<T> spec) {
        requireOpen(spec.name());
        return session.execute(spec);
    }

    /** The session the callback form of WATCH hands to its body. */
    WatchSession session() {
        return session;
    }

    /** Sends {@code commands} as MULTI/EXEC (an empty block sends UNWATCH and counts as committed), then gives the connection back. */
    public ExecOutcome exec(List<CommandSpec<?>> commands) {
        requireOpen("EXEC");
        finished = true;
        session.close();
        boolean execSent = false;
        boolean reusable = false;
        try {
            if (commands.isEmpty()) {
                sendUnwatch();
                reusable = true;
                return new ExecOutcome(new Object[0]);
            }
            session.requireSlot(commands, "the transaction");
            TransactionGroup group = new TransactionGroup(commands, watchChannel);
            CommandFuture<ExecOutcome> exec = TransactionRunner.execFuture(group, System.nanoTime() + commandTimeoutNanos);
            execSent = true;
            connection.send(exec);
            try {
                ExecOutcome outcome = TransactionRunner.awaitExec(exec, group);
                reusable = true;
                return outcome;
            } catch (RedisServerException refused) {
                reusable = true; // EXEC was answered (EXECABORT): WATCH and MULTI are over on the server
                throw refused;
            }
        } catch (RuntimeException | Error failure) {
            if (!execSent && session.allAnswered()) {
                sendUnwatch(); // refused before EXEC: UNWATCH goes ahead of the next lessee
                reusable = true;
            }
            throw failure;
        } finally {
            giveBack(reusable);
        }
    }

    /** Ends the lease without EXEC: UNWATCH, and the connection back to its pool. Idempotent. */
    public void release() {
        if (finished) {
            return;
        }
        finished = true;
        session.close();
        boolean reusable = session.allAnswered();
        if (reusable) {
            sendUnwatch();
        }
        giveBack(reusable);
    }

    private void sendUnwatch() {
        connection.send(new CommandFuture<>(TransactionRunner.keyed("UNWATCH", List.of(), Converters.REPLY), true,
                System.nanoTime() + commandTimeoutNanos)); // ahead of the next lessee's commands, in FIFO order
    }

    private void giveBack(boolean reusable) {
        if (reusable) {
            dedicated.release(Purpose.WATCH, connection);
        } else {
            dedicated.discard(Purpose.WATCH, connection); // a command went unanswered: the connection's state is unknown
        }
    }

    private void requireOpen(String what) {
        if (finished) {
            throw new IllegalStateException(what + " cannot run: this WATCH already ended (EXEC, DISCARD, UNWATCH or close)");
        }
    }
}
