package io.fastpath.internal.connection;

import io.fastpath.Reply;
import io.fastpath.RedisServerException;
import io.fastpath.internal.command.CommandSpec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

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
    /** The dispatching thread's count of unfinished commands (see NodeConnections), or null. */
    private final AtomicInteger callerInFlight;
    private volatile int released;
    private static final AtomicIntegerFieldUpdater<CommandFuture> RELEASED =
            AtomicIntegerFieldUpdater.newUpdater(CommandFuture.class, "released");

    // Event loop only.
    boolean written;
    T pendingResult;
    Throwable pendingFailure;

    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos) {
        this(spec, completeOnIoThread, deadlineNanos, null);
    }

    /** {@code callerInFlight} is incremented by the caller before dispatch and decremented here, once, on completion. */
    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos, AtomicInteger callerInFlight) {
        this.spec = spec;
        this.completeOnIoThread = completeOnIoThread;
        this.deadlineNanos = deadlineNanos;
        this.callerInFlight = callerInFlight;
    }

    @Override
    public boolean complete(T value) {
        boolean completed = super.complete(value);
        release();
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean completed = super.completeExceptionally(failure);
        release();
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        release();
        return cancelled;
    }

    private void release() {
        if (callerInFlight != null && isDone() && RELEASED.compareAndSet(this, 0, 1)) {
            callerInFlight.decrementAndGet();
        }
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
