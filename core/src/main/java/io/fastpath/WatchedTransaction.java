package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.transaction.WatchSession;

/**
 * A transaction under WATCH, inside {@link RedisClient#watch}'s callback: {@link #read} runs a command at
 * once on the connection that holds the WATCH (typically the reads the writes depend on), and
 * {@link #queue} adds to the block sent when the callback returns. If a watched key changed in between,
 * the server drops the whole block and the result says {@code committed() == false}.
 *
 * <p>Caller thread only, and only inside the callback.
 */
public final class WatchedTransaction {
    private final QueuedCommands block = new QueuedCommands();
    private final WatchSession session;

    WatchedTransaction(WatchSession session) {
        this.session = session;
    }

    /** Runs {@code command} now, on the watched connection, and returns its result (on a cluster: keys in the watched slot). */
    public <T> T read(Command<T> command) {
        return session.execute(QueuedCommands.spec(command));
    }

    /** Adds a command to the block sent when the callback returns; its result is readable after a commit. */
    public <T> Queued<T> queue(Command<T> command) {
        return block.queue(command);
    }

    /** Builds commands with String keys and values; {@code redis.binary().commands()} builds byte[] ones. */
    public CommandBuilder<String, String> commands() {
        return CommandBuilder.UTF8;
    }

    QueuedCommands block() {
        return block;
    }
}
