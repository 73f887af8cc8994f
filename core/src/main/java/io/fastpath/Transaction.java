package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.transaction.TransactionRunner;

/**
 * A MULTI/EXEC block: commands are queued here (nothing is sent yet), then {@link #exec} writes MULTI,
 * the commands and EXEC back to back on a shared connection, where no other caller's command can come
 * between them. Each {@link #queue} returns a handle whose typed result is readable after {@code exec}.
 *
 * <pre>{@code
 * Transaction tx = redis.multi();
 * tx.queue(tx.commands().set("last", "alice"));
 * Queued<Long> visits = tx.queue(tx.commands().incr("visits"));
 * tx.exec();
 * long count = visits.get();
 * }</pre>
 *
 * <p>A plain block cannot read before it writes: use {@link RedisClient#watch} for that. On a cluster all
 * keys must share one slot ({@link RedisCrossSlotException} before anything is sent). If the connection
 * is lost, the whole block fails ({@link RedisNotSentException} or {@link RedisOutcomeUnknownException}),
 * never a part of it. Caller thread only; one {@code exec} per transaction.
 */
public final class Transaction {
    private final QueuedCommands block = new QueuedCommands();
    private final TransactionRunner runner;

    Transaction(TransactionRunner runner) {
        this.runner = runner;
    }

    /** Adds a command built by any {@link CommandBuilder} (this client's, or the binary view's). */
    public <T> Queued<T> queue(Command<T> command) {
        return block.queue(command);
    }

    /** Builds commands with String keys and values; {@code redis.binary().commands()} builds byte[] ones. */
    public CommandBuilder<String, String> commands() {
        return CommandBuilder.UTF8;
    }

    /** The number of commands queued so far. */
    public int size() {
        return block.size();
    }

    /**
     * Sends the block and waits for EXEC; afterwards every handle holds its result. A command refused while
     * queueing (wrong arguments) makes the server discard the whole block: {@link RedisServerException}
     * with code {@code EXECABORT}, naming the command. An empty block sends nothing.
     */
    public TransactionResult<Void> exec() {
        var commands = block.seal();
        var outcome = runner.exec(commands);
        block.complete(outcome);
        return new TransactionResult<>(true, commands.size(), 1, null);
    }
}
