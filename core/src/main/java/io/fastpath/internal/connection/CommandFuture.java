package io.fastpath.internal.connection;

import io.fastpath.Reply;
import io.fastpath.RedisServerException;
import io.fastpath.internal.command.CommandSpec;
import java.util.concurrent.CompletableFuture;

/**
 * One dispatched command: the caller's future, and the entry that holds its place in a connection's
 * FIFO of unanswered commands. A future completed early (timeout, cancel) stays in the FIFO as a
 * tombstone so its late reply is read and dropped instead of reaching the next caller.
 *
 * <p>Thread ownership: created by the caller; after {@link Connection#send} only the connection's event
 * loop touches {@link #written}, {@link #pendingResult} and {@link #pendingFailure}. Completion itself is
 * thread-safe (CompletableFuture).
 */
public final class CommandFuture<T> extends CompletableFuture<T> {
    final CommandSpec<T> spec;
    /** True when no user code can be attached (blocking API, handshake): complete on the I/O thread. */
    final boolean completeOnIoThread;
    final long deadlineNanos;

    // Event loop only.
    boolean written;
    T pendingResult;
    Throwable pendingFailure;

    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos) {
        this.spec = spec;
        this.completeOnIoThread = completeOnIoThread;
        this.deadlineNanos = deadlineNanos;
    }

    public CommandSpec<T> spec() {
        return spec;
    }

    public long deadlineNanos() {
        return deadlineNanos;
    }

    /**
     * Converts the reply on the calling (I/O) thread and stores the outcome for {@link #publish()}.
     * Conversion runs here, not on the completion executor, so a reply of the wrong shape is detected
     * before the next reply is matched (the throw closes the connection).
     */
    void prepare(Reply reply) {
        if (reply instanceof Reply.ErrorReply error) {
            pendingFailure = new RedisServerException(error.message());
        } else {
            pendingResult = spec.converter().convert(reply);
        }
    }

    /** Completes the future with what {@link #prepare} stored; runs on the I/O thread or the executor. */
    void publish() {
        if (pendingFailure != null) {
            completeExceptionally(pendingFailure);
        } else {
            complete(pendingResult);
        }
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        // Dependent stages are plain futures: they are not commands.
        return new CompletableFuture<>();
    }

    @Override
    public String toString() {
        return "CommandFuture[" + spec + ", " + (isDone() ? "done" : written ? "sent" : "queued") + "]";
    }
}
