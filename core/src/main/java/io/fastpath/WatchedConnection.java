package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.transaction.ExecOutcome;
import io.fastpath.internal.transaction.WatchLease;
import java.util.List;

/**
 * A WATCH held on a connection leased for it alone, from {@link RedisClient#openWatch} until {@link #exec} or
 * {@link #close}: {@link #watch} adds keys, {@link #read} runs a command at once on that connection, {@link #queue}
 * adds to the block {@link #exec} sends as MULTI/EXEC. If a watched key changed in between, {@code exec} returns
 * false and nothing of the block ran. On a cluster every key must share the first WATCH's slot.
 *
 * <p>Caller thread only. Always end it ({@code exec} or {@code close}, which is idempotent): the connection
 * returns to its pool only then.
 */
public final class WatchedConnection implements AutoCloseable {
    private final QueuedCommands block = new QueuedCommands();
    private final WatchLease lease;

    WatchedConnection(WatchLease lease) {
        this.lease = lease;
    }

    /** WATCH more keys on the same connection. */
    public void watch(List<byte[]> keys) {
        CommandArguments.requireNotEmpty("WATCH", keys, "key");
        lease.watch(List.copyOf(keys));
    }

    /** Runs {@code command} now on the watched connection and returns its result. */
    public <T> T read(Command<T> command) {
        return lease.read(QueuedCommands.spec(command));
    }

    /** Adds a command to the block {@link #exec} sends; its result is readable after a commit. */
    public <T> Queued<T> queue(Command<T> command) {
        return block.queue(command);
    }

    /**
     * Sends the queued block as MULTI/EXEC on the watched connection and gives the connection back. True when it
     * ran (each handle then holds its result); false when a watched key changed and the server dropped it.
     */
    public boolean exec() {
        List<CommandSpec<?>> commands = block.seal();
        ExecOutcome outcome = lease.exec(commands);
        block.complete(outcome);
        return outcome.committed();
    }

    /** Ends the WATCH without EXEC (UNWATCH) and gives the connection back. Idempotent. */
    @Override
    public void close() {
        lease.release();
    }
}
