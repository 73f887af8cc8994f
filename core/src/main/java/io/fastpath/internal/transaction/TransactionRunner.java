package io.fastpath.internal.transaction;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.DedicatedConnections;
import io.fastpath.internal.client.DedicatedConnections.Purpose;
import io.fastpath.internal.client.StandaloneServers;
import io.fastpath.internal.cluster.ClusterRouter;
import io.fastpath.internal.cluster.CommandSlots;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.TransactionGroup;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Runs MULTI/EXEC blocks. A plain block is one queue item on a shared connection (MULTI, the commands and
 * EXEC written back to back in one drain, so no other caller's command can come between them). A WATCH
 * transaction leases a connection from the server's WATCH pool: WATCH, the caller's reads, then the block,
 * which is refused unsent if the connection was re-established since WATCH.
 *
 * <p>All or nothing: a block whose connection is lost fails as a whole (not sent, or outcome unknown);
 * the server discards a MULTI that never saw its EXEC. Thread-safe; the methods block the calling thread.
 */
public final class TransactionRunner {
    private static final byte[] EXEC = "EXEC".getBytes(StandardCharsets.US_ASCII);

    /** Null on a cluster; asked for the current primary on each transaction. */
    private final StandaloneServers standalone;
    /** Null on a standalone server. */
    private final ClusterRouter cluster;
    private final DedicatedConnections dedicated;
    private final long commandTimeoutNanos;
    /** Refuses a transaction on one of the client's I/O threads, where waiting for EXEC would deadlock. */
    private final ClientResources resources;

    public TransactionRunner(StandaloneServers standalone, ClusterRouter cluster, DedicatedConnections dedicated, long commandTimeoutNanos,
                             ClientResources resources) {
        this.resources = resources;
        this.standalone = standalone;
        this.cluster = cluster;
        this.dedicated = dedicated;
        this.commandTimeoutNanos = commandTimeoutNanos;
    }

    /** MULTI, {@code commands}, EXEC on a shared connection (on a cluster: the primary of their one slot). */
    public ExecOutcome exec(List<CommandSpec<?>> commands) {
        resources.requireNotIoThread("a MULTI/EXEC transaction");
        if (commands.isEmpty()) {
            return new ExecOutcome(new Object[0]);
        }
        long deadline = System.nanoTime() + commandTimeoutNanos;
        if (cluster == null) {
            TransactionGroup group = new TransactionGroup(commands, TransactionGroup.ANY_CHANNEL);
            CommandFuture<ExecOutcome> exec = execFuture(group, deadline);
            standalone.primary().route(firstRoutingKey(commands)).send(exec);
            return awaitExec(exec, group);
        }
        int slot = CommandSlots.commonSlot(commands, "the transaction");
        for (int redirects = 0; ; redirects++) {
            TransactionGroup group = new TransactionGroup(commands, TransactionGroup.ANY_CHANNEL);
            CommandFuture<ExecOutcome> exec = execFuture(group, deadline);
            Endpoint owner = cluster.primaryFor(slot);
            cluster.sendToPrimary(exec, slot);
            try {
                return awaitExec(exec, group);
            } catch (RedisServerException refused) {
                if (!movedWhole(refused, group, owner, redirects)) {
                    throw refused;
                }
                // the old owner refused every command with MOVED and discarded the block: send it whole to the new one
            }
        }
    }

    /**
     * True when EXEC was refused (EXECABORT) because the server no longer serves the block's slot (MOVED): then it ran
     * nothing, and the slot table now names the new owner (a refresh is asked for too). A block refused with ASK (its
     * slot mid-migration) is not sent again: ASKING covers only the MULTI after it, not the queued commands.
     */
    private boolean movedWhole(RedisServerException refused, TransactionGroup group, Endpoint owner, int redirects) {
        RedisServerException first = group.firstQueueRefusal();
        return owner != null && refused.code().equals("EXECABORT") && first != null && first.code().equals("MOVED")
                && cluster.leasedRedirect(first.getMessage(), owner, redirects) != null;
    }

    /**
     * WATCH {@code keys} on a leased connection, run {@code body} (its reads go through the session), then
     * send the block it returns. An empty block sends UNWATCH instead and counts as committed.
     */
    public ExecOutcome watch(List<byte[]> keys, Function<WatchSession, List<CommandSpec<?>>> body) {
        WatchLease lease = openWatch(keys);
        List<CommandSpec<?>> commands;
        try {
            commands = body.apply(lease.session());
        } catch (RuntimeException | Error failure) {
            lease.release(); // the body or a read refused by the server ended it before EXEC
            throw failure;
        }
        return lease.exec(commands);
    }

    /** Leases a WATCH connection and watches {@code keys} on it; the caller ends it with exec or release. */
    public WatchLease openWatch(List<byte[]> keys) {
        if (keys.isEmpty()) {
            throw new RedisArgumentException("WATCH needs at least one key");
        }
        resources.requireNotIoThread("a WATCH transaction");
        int slot = cluster == null ? CommandSlots.NO_KEYS : CommandSlots.commonSlotOfKeys(keys, "WATCH");
        Endpoint endpoint = cluster == null ? standalone.primary().endpoint() : cluster.primaryFor(slot);
        if (endpoint == null) {
            throw new RedisNotSentException("cluster", "no node serves slot " + slot
                    + " in the client's slot table; a topology refresh was requested", null);
        }
        for (int redirects = 0; ; redirects++) {
            WatchLease lease = new WatchLease(lease(endpoint), slot, dedicated, commandTimeoutNanos);
            try {
                lease.watch(keys);
                return lease;
            } catch (RedisServerException refused) {
                lease.release();
                Endpoint next = cluster == null || !refused.code().equals("MOVED") ? null
                        : cluster.leasedRedirect(refused.getMessage(), endpoint, redirects);
                if (next == null) {
                    throw refused;
                }
                endpoint = next; // the slot moved: WATCH (nothing watched yet) on a connection of its new owner
            } catch (RuntimeException | Error failure) {
                lease.release(); // closes the connection instead when WATCH went unanswered
                throw failure;
            }
        }
    }

    /** A WATCH connection; one granted just as the waiting caller was interrupted goes back to the pool. */
    private Connection lease(Endpoint endpoint) {
        long deadline = System.nanoTime() + commandTimeoutNanos;
        CompletableFuture<Connection> lease = dedicated.lease(Purpose.WATCH, endpoint, deadline);
        try {
            return BoundedWait.await(lease, deadline, "a WATCH connection to " + endpoint);
        } catch (RuntimeException notLeased) {
            if (Thread.currentThread().isInterrupted()) {
                lease.thenAccept(granted -> dedicated.release(Purpose.WATCH, granted)); // runs only if the cancel came too late
            }
            throw notLeased;
        }
    }

    static CommandFuture<ExecOutcome> execFuture(TransactionGroup group, long deadline) {
        CommandSpec<ExecOutcome> spec = new CommandSpec<>("EXEC", new byte[][] {EXEC},
                ExecOutcome.converter(group.commands()), firstRoutingKey(group.commands()), false);
        return new CommandFuture<>(spec, true, deadline).transaction(group);
    }

    static <T> CommandSpec<T> keyed(String name, List<byte[]> keys, ReplyConverter<T> converter) {
        ArgumentList arguments = new ArgumentList(name, keys.size() + 1);
        for (byte[] key : keys) {
            arguments.addKey(key);
        }
        return arguments.write(converter);
    }

    private static byte[] firstRoutingKey(List<CommandSpec<?>> commands) {
        for (CommandSpec<?> command : commands) {
            if (command.routingKey() != null) {
                return command.routingKey();
            }
        }
        return null;
    }

    /** EXECABORT gets the first command the server refused while queueing, so the cause is visible. */
    static ExecOutcome awaitExec(CommandFuture<ExecOutcome> exec, TransactionGroup group) {
        try {
            return await(exec, "EXEC");
        } catch (RedisServerException refused) {
            String cause = group.firstQueueError();
            if (refused.code().equals("EXECABORT") && cause != null) {
                throw new RedisServerException(refused.getMessage() + " First refused: " + cause);
            }
            throw refused;
        }
    }

    /** The connection's deadline timer completes {@code command}; the wait is bounded by its deadline plus a margin too. */
    static <T> T await(CommandFuture<T> command, String what) {
        return BoundedWait.await(command, command.deadlineNanos(), what);
    }
}
