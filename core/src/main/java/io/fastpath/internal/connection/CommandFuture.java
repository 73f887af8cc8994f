package io.fastpath.internal.connection;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.command.CommandSpec;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;

/**
 * One dispatched command: the caller's future, and the entry that holds its place in a connection's
 * FIFO of unanswered commands. A future completed early (timeout, cancel) stays in the FIFO as a
 * tombstone so its late reply is read and dropped instead of reaching the next caller.
 *
 * <p>Thread ownership: created by the caller; after {@link Connection#send} only the connection's event
 * loop touches {@link #written}, {@link #pendingResult} and {@link #pendingFailure}. Completion itself is
 * thread-safe (CompletableFuture).
 *
 * <p>It is also the {@code ObservedCommand} a {@code CommandListener} sees: the observation lives in its superclass,
 * {@link ObservedFuture}, in fields of its own, so observing allocates nothing. What only some commands carry (commands
 * written with it, reply hooks, redirect counts) lives in a {@link WireGroup}, created only for them.
 */
public final class CommandFuture<T> extends ObservedFuture<T> {
    /** Times one command is re-sent after lost connections before it fails as outcome-unknown. */
    static final int MAX_REPLAYS = 2;
    private static final AtomicIntegerFieldUpdater<CommandFuture> RELEASED =
            AtomicIntegerFieldUpdater.newUpdater(CommandFuture.class, "released");

    /** True when no user code can be attached (blocking API, handshake): complete on the I/O thread. */
    final boolean completeOnIoThread;
    final long deadlineNanos;
    /** The dispatching thread's record of commands that may still run (see {@link CallerCommands}), or null. */
    private final CallerCommands caller;
    private volatile int released;

    /**
     * Set before the first send, which publishes it (the MPSC queue orders the write before the event
     * loop's read); sees the command's error replies (cluster redirects). Null in standalone use.
     */
    private ErrorInterceptor errorInterceptor;
    /** The commands and hooks it carries, or null for a plain command (see {@link WireGroup} for who sets it when). */
    WireGroup wire;

    // Event loop only; read by the caller after completion.
    /** The number of the channel this command was written on (see ConnectCycle#channelGeneration). */
    int writtenOnChannel = -1;

    /**
     * Caller-driven I/O: the loop its caller holds and runs until the reply, or null. Set by the calling thread before
     * the send, which publishes it (the MPSC queue); read by the same thread's wait, and by the thread that completes it.
     */
    private CallerDrivenLoop drivenBy;

    /**
     * Set once a command its caller gave up (a tombstone) can no longer reach the server later: its late reply was
     * read, it was dropped unwritten, or its connection was lost ({@link #settle}); also by a completion racing a
     * listener's (see {@link #release}). Its caller's {@link CallerCommands} count it until then.
     */
    private volatile boolean settled;

    /** Set when a lost connection sends it again: its failures then say it may have run (any thread reads it). */
    private volatile boolean sentBefore;

    // Event loop only.
    boolean written;
    /** Handshake, ASKING, MULTI/QUEUED and cache-fill preamble entries: they belong to one channel and are never replayed. */
    boolean internal;
    private int replays;
    T pendingResult;
    Throwable pendingFailure;
    private Throwable failureOverride;

    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos) {
        this(spec, completeOnIoThread, deadlineNanos, null);
    }

    /**
     * {@code caller} counted this command before dispatch ({@link CallerCommands#dispatching}); it is told here, once,
     * when the command settles: on completion, or for a command its caller gave up, when it can no longer run.
     */
    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos, CallerCommands caller) {
        super(spec);
        this.completeOnIoThread = completeOnIoThread;
        this.deadlineNanos = deadlineNanos;
        this.caller = caller;
    }

    @Override
    void release(boolean givenUp) {
        if (caller != null) {
            if (!givenUp) {
                if (!isDone()) {
                    // A listener's thread is still completing it: whichever of the two sees the other's write releases
                    settled = true;
                }
                if (isDone()) {
                    settledForCaller(); // a reply or a failure for good; after a give-up, this is its late settling
                }
            } else if (settled && isDone()) {
                settledForCaller();
            }
            // else: given up, it may still run; settle() releases it once its connection is done with it
        }
        CallerDrivenLoop driver = drivenBy;
        if (driver != null) {
            // Completed off the loop its caller drives (a redirect or a failover sent it to another connection): the
            // caller may wait in that loop's epoll until its next tick, unless woken
            driver.wakeHolderUnlessCurrent();
        }
    }

    /**
     * This command, done (given up by its caller), left its connection or its retry for good: read its late reply, was
     * dropped unwritten, or its connection was lost (its settled flag). Called by whoever drops it.
     */
    public void settle() {
        settled = true;
        if (caller != null && isDone()) {
            settledForCaller();
        }
    }

    private void settledForCaller() {
        if (RELEASED.compareAndSet(this, 0, 1)) {
            caller.settled();
        }
    }

    /** The dispatching thread's record this command counts in, or null (see {@link CallerCommands}). */
    public CallerCommands caller() {
        return caller;
    }

    /** Caller's thread, before the send: its caller holds {@code loop} and drives it until this completes. */
    public void drivenBy(CallerDrivenLoop loop) {
        this.drivenBy = loop;
    }

    /** The loop this command's caller holds and drives, or null (it waits like any caller). */
    public CallerDrivenLoop drivenBy() {
        return drivenBy;
    }

    public CommandSpec<T> spec() {
        return spec;
    }

    public long deadlineNanos() {
        return deadlineNanos;
    }

    /** True when its caller blocks on it, so it completes on the I/O thread (no user code can be attached). */
    public boolean completesOnIoThread() {
        return completeOnIoThread;
    }

    /**
     * Converts the reply on the calling (I/O) thread and stores the outcome for {@link #publish()}.
     * Conversion runs here, not on the completion executor, so a reply of the wrong shape is detected
     * before the next reply is matched (the throw closes the connection).
     */
    void prepare(Reply reply) {
        if (failureOverride != null) {
            pendingFailure = failureOverride;
        } else if (reply instanceof Reply.ErrorReply error) {
            pendingFailure = new RedisServerException(error.message());
        } else {
            pendingResult = spec.converter().convert(reply);
        }
    }

    /** The command's wire group, created on first use (before the send, or by a redirect before the re-send). */
    private WireGroup wire() {
        if (wire == null) {
            wire = new WireGroup();
        }
        return wire;
    }

    /** Writes {@code commands} in front of this one, back to back in the same buffer. */
    public CommandFuture<T> preamble(byte[][][] commands) {
        wire().preamble = commands;
        return this;
    }

    /** Writes {@code command} right behind this one on the same connection; {@code onReply} sees its outcome on the event loop. */
    public CommandFuture<T> postamble(CommandSpec<Reply> command, BiConsumer<Reply, Throwable> onReply) {
        WireGroup group = wire();
        group.postamble = command;
        group.postambleReply = onReply;
        return this;
    }

    /**
     * As {@link #postamble(CommandSpec, BiConsumer)}, and {@code inWireOrder} sees the postamble's reply on the event
     * loop before the next frame is decoded (a cache fill stores its read when its PTTL reply arrives).
     */
    public CommandFuture<T> postamble(CommandSpec<Reply> command, ReplyHook inWireOrder, BiConsumer<Reply, Throwable> onReply) {
        wire().postambleHook = inWireOrder;
        return postamble(command, onReply);
    }

    /** Sees this command's reply on the event loop, in wire order, before it completes (a cache fill). */
    public CommandFuture<T> replyHook(ReplyHook hook) {
        wire().replyHook = hook;
        return this;
    }

    public ErrorInterceptor errorInterceptor() {
        return errorInterceptor;
    }

    public CommandFuture<T> errorInterceptor(ErrorInterceptor interceptor) {
        this.errorInterceptor = interceptor;
        return this;
    }

    /** Marks a command the server answers with pushes or an error only (see {@link WireGroup#answeredByPush}). */
    public CommandFuture<T> answeredByPush() {
        wire().answeredByPush = true;
        return this;
    }

    boolean isAnsweredByPush() {
        WireGroup group = wire;
        return group != null && group.answeredByPush;
    }

    /** Event loop: a later command's reply arrived, so this one's pushes came first and it succeeded. */
    void completeAnsweredByPush() {
        pendingResult = null;
        pendingFailure = null;
        publish();
    }

    /** The MULTI block this command (an EXEC) carries, or null. */
    public TransactionGroup transaction() {
        WireGroup group = wire;
        return group == null ? null : group.transaction;
    }

    /** Makes this command (an EXEC) carry a MULTI block: the connection writes all of it together. */
    public CommandFuture<T> transaction(TransactionGroup group) {
        wire().transaction = group;
        return this;
    }

    /** After completion: the channel number it was written on, -1 if it never was (a WATCH's channel). */
    public int writtenOnChannel() {
        return writtenOnChannel;
    }

    /** Counts one more redirect and returns the new count. */
    public int countRedirect() {
        return ++wire().redirects;
    }

    /** Counts one more retry after a transient refusal (TRYAGAIN, LOADING...) and returns the new count. */
    public int countRetry() {
        return ++wire().retries;
    }

    /** The caller gets {@code failure} instead of the server's error reply (a clearer message, e.g. past the redirect cap). */
    public void replaceFailure(Throwable failure) {
        this.failureOverride = failure;
    }

    /**
     * Readies a command whose error reply was consumed for another send: it is no longer in any FIFO and
     * keeps its deadline. {@code withAsking} puts ASKING in front of it on the next write.
     */
    public void prepareResend(boolean withAsking) {
        written = false;
        pendingResult = null;
        pendingFailure = null;
        if (withAsking) {
            wire().asking = true;
        } else if (wire != null) {
            wire.asking = false;
        }
    }

    /**
     * True when this written command may be sent again after its connection was lost: read-only (with
     * {@code retryReads}) or marked idempotent, not internal (a MULTI block's own entries are), not carrying a
     * MULTI block or a preamble (a cache fill's CLIENT CACHING YES), and not replayed {@link #MAX_REPLAYS} times already (a command whose own reply kills the connection must not loop).
     */
    boolean mayReplay(boolean retryReads) {
        return !internal && (wire == null || wire.transaction == null && wire.preamble == null) && replays < MAX_REPLAYS
                && (spec.markedIdempotent() || (retryReads && spec.readOnly()));
    }

    /** Readies a written command of a lost connection to wait for the next one. */
    void prepareReplay() {
        replays++;
        sentBefore = true;
        prepareResend(false);
    }

    /** True when an earlier attempt was written to a connection that was then lost: it may have run. */
    public boolean sentBefore() {
        return sentBefore;
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
    public int batchSize() {
        TransactionGroup transaction = transaction();
        return transaction == null ? 0 : transaction.commands().size();
    }

    @Override
    public boolean cacheFill() {
        return wire != null && wire.postambleHook != null; // only a cache fill watches its postamble (PTTL) in wire order
    }

    @Override
    public int redirects() {
        return wire == null ? 0 : wire.redirects;
    }

    @Override
    public int retries() {
        return (wire == null ? 0 : wire.retries) + replays;
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
