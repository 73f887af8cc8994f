package io.fastpath.internal.sentinel;

import io.fastpath.command.Reply;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ErrorInterceptor;
import io.fastpath.internal.connection.RefusalRetries;
import java.util.function.Consumer;

/**
 * A command to the primary answered {@code READONLY}: that node was demoted (the client missed or has not
 * yet seen the announcement). The server did not execute it and it has left the FIFO, so it is sent
 * again, after a short backoff, to whatever is the primary by then, while its deadline allows; the
 * Sentinels are asked at once. Past the deadline the caller gets the READONLY error.
 *
 * <p>Thread ownership: runs on the event loop that read the reply; the retry runs there too.
 */
final class ReadOnlyRetry implements ErrorInterceptor {
    private final Runnable askSentinels;
    private final Consumer<CommandFuture<?>> toCurrentPrimary;
    private final RefusalRetries waitingToRetry = new RefusalRetries();
    private volatile boolean closed;

    ReadOnlyRetry(Runnable askSentinels, Consumer<CommandFuture<?>> toCurrentPrimary) {
        this.askSentinels = askSentinels;
        this.toCurrentPrimary = toCurrentPrimary;
    }

    @Override
    public boolean intercept(CommandFuture<?> command, Reply.ErrorReply error, Connection from) {
        if (closed || !"READONLY".equals(error.code())) {
            return false;
        }
        askSentinels.run();
        return waitingToRetry.retryLater(command, from, toCurrentPrimary);
    }

    /** On close: a retry that has not run would never run once the event loops stop, so it fails now. */
    void close() {
        closed = true;
        waitingToRetry.failAll("the client was closed while the command waited to be retried on the new primary");
    }
}
