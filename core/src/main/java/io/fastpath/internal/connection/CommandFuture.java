package io.fastpath.internal.connection;

import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisRedirectException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.Reply;
import io.fastpath.RedisServerException;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.QueryText;
import io.fastpath.internal.routing.SlotHash;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
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
 * <p>It is also the {@link ObservedCommand} a {@code CommandListener} sees: with a {@link CommandObserver}
 * the four moments are recorded here ({@link #observeStart}, {@link #observeWritten}, {@link #observeReply},
 * and completion inside {@link #complete}, {@link #completeExceptionally} and {@link #cancel}), so observing
 * a command allocates nothing. Without one, {@link #observer} stays null and each moment costs a null check.
 */
public final class CommandFuture<T> extends CompletableFuture<T> implements ObservedCommand {
    /** Times one command is re-sent after lost connections before it fails as outcome-unknown. */
    static final int MAX_REPLAYS = 2;
    final CommandSpec<T> spec;
    /** True when no user code can be attached (blocking API, handshake): complete on the I/O thread. */
    final boolean completeOnIoThread;
    final long deadlineNanos;
    /** The dispatching thread's count of unfinished commands (see NodeConnections), or null. */
    private final AtomicInteger callerInFlight;
    private volatile int released;
    private static final AtomicIntegerFieldUpdater<CommandFuture> RELEASED =
            AtomicIntegerFieldUpdater.newUpdater(CommandFuture.class, "released");
    /** What a cancelled command reports as its failure to a listener (no stack: it is not thrown). */
    private static final CancellationException CANCELLED = new CancellationException("cancelled by its caller");

    // Observation (see CommandObserver): all zero and null unless the client observes commands. Each field is
    // written by the thread handling the command at that moment, before it hands the command on (the MPSC
    // queue, the completion executor), which publishes it to the next one; a listener reads them after.
    /** Set once by the first {@link #observeStart}; null for an unobserved client and for internal entries. */
    CommandObserver observer;
    private Object attachment;
    /** The connection that last took it: its node is the command's. */
    private Connection observedConnection;
    private long startNanos;
    private long writtenNanos;
    private long replyNanos;
    private long completedNanos;
    private int bytesOut;
    private int bytesIn;
    private Throwable observedFailure;
    /** 0 until the completion is claimed, so the listener is told exactly once (before the caller sees it). */
    private volatile int completionObserved;
    private static final AtomicIntegerFieldUpdater<CommandFuture> COMPLETION_OBSERVED =
            AtomicIntegerFieldUpdater.newUpdater(CommandFuture.class, "completionObserved");

    /**
     * Set before the first send, which publishes it (the MPSC queue orders the write before the event
     * loop's read); sees the command's error replies (cluster redirects). Null in standalone use.
     */
    private ErrorInterceptor errorInterceptor;
    /** Set by a redirect before a re-send: the next write puts ASKING in front of this command, back to back. */
    volatile boolean asking;
    /**
     * Set before the first send: the server answers this command with push frames only (RESP3 SUBSCRIBE
     * and its kin) or with an error reply. Its FIFO entry takes an error; any other reply belongs to a later command.
     */
    private volatile boolean answeredByPush;
    /**
     * Commands written right before this one, in the same buffer, their replies consumed by internal FIFO
     * entries (a cache fill's CLIENT CACHING YES before its read); set before the send.
     */
    byte[][][] preamble;
    /**
     * A command written right after this one, in the same buffer and on the same connection (Sentinel's WAIT
     * after a write, which only covers the writes of its own connection); its reply, or the failure of its
     * FIFO entry, goes to {@link #postambleReply}. Written again after this command whenever it is re-sent.
     * Set before the send.
     */
    CommandSpec<Reply> postamble;
    private BiConsumer<Reply, Throwable> postambleReply;
    /** Sees the postamble's reply on the event loop, in wire order, before it completes (a cache fill's PTTL); set before the send. */
    private ReplyHook postambleHook;
    /** Sees this command's reply on the event loop, in wire order, before it completes (a cache fill); set before the send. */
    private ReplyHook replyHook;
    /** Redirects followed and retries made so far; only the thread handling the latest reply touches them. */
    private int redirects;
    private int retries;
    /** Set before the first send (published by it): MULTI and these commands go out in front of this EXEC. */
    private TransactionGroup transaction;

    // Event loop only; read by the caller after completion.
    /** The number of the channel this command was written on (see Connection#channelGeneration). */
    int writtenOnChannel = -1;

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

    /** {@code callerInFlight} is incremented by the caller before dispatch and decremented here, once, on completion. */
    public CommandFuture(CommandSpec<T> spec, boolean completeOnIoThread, long deadlineNanos, AtomicInteger callerInFlight) {
        this.spec = spec;
        this.completeOnIoThread = completeOnIoThread;
        this.deadlineNanos = deadlineNanos;
        this.callerInFlight = callerInFlight;
    }

    @Override
    public boolean complete(T value) {
        if (observer != null && !observeCompletion(null)) {
            return false; // another thread is completing it
        }
        boolean completed = super.complete(value);
        release();
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        if (observer != null && !observeCompletion(failure)) {
            return false;
        }
        boolean completed = super.completeExceptionally(failure);
        release();
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (observer != null && !observeCompletion(CANCELLED)) {
            return false;
        }
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

    /** Writes {@code commands} in front of this one, back to back in the same buffer. */
    public CommandFuture<T> preamble(byte[][][] commands) {
        this.preamble = commands;
        return this;
    }

    /** Writes {@code command} right behind this one on the same connection; {@code onReply} sees its outcome on the event loop. */
    public CommandFuture<T> postamble(CommandSpec<Reply> command, BiConsumer<Reply, Throwable> onReply) {
        this.postamble = command;
        this.postambleReply = onReply;
        return this;
    }

    /**
     * As {@link #postamble(CommandSpec, BiConsumer)}, and {@code inWireOrder} sees the postamble's reply on the event
     * loop before the next frame is decoded (a cache fill stores its read when its PTTL reply arrives).
     */
    public CommandFuture<T> postamble(CommandSpec<Reply> command, ReplyHook inWireOrder, BiConsumer<Reply, Throwable> onReply) {
        this.postambleHook = inWireOrder;
        return postamble(command, onReply);
    }

    BiConsumer<Reply, Throwable> postambleReply() {
        return postambleReply;
    }

    ReplyHook postambleHook() {
        return postambleHook;
    }

    public CommandFuture<T> replyHook(ReplyHook hook) {
        this.replyHook = hook;
        return this;
    }

    ReplyHook replyHook() {
        return replyHook;
    }

    public ErrorInterceptor errorInterceptor() {
        return errorInterceptor;
    }

    public CommandFuture<T> errorInterceptor(ErrorInterceptor interceptor) {
        this.errorInterceptor = interceptor;
        return this;
    }

    /** Marks a command the server answers with pushes or an error only (see {@link #answeredByPush}). */
    public CommandFuture<T> answeredByPush() {
        this.answeredByPush = true;
        return this;
    }

    boolean isAnsweredByPush() {
        return answeredByPush;
    }

    /** Event loop: a later command's reply arrived, so this one's pushes came first and it succeeded. */
    void completeAnsweredByPush() {
        pendingResult = null;
        pendingFailure = null;
        publish();
    }

    /** The MULTI block this command (an EXEC) carries, or null. */
    public TransactionGroup transaction() {
        return transaction;
    }

    /** Makes this command (an EXEC) carry a MULTI block: the connection writes all of it together. */
    public CommandFuture<T> transaction(TransactionGroup group) {
        this.transaction = group;
        return this;
    }

    /** After completion: the channel number it was written on, -1 if it never was (a WATCH's channel). */
    public int writtenOnChannel() {
        return writtenOnChannel;
    }

    /** Counts one more redirect and returns the new count. */
    public int countRedirect() {
        return ++redirects;
    }

    /** Counts one more retry after a transient refusal (TRYAGAIN, LOADING...) and returns the new count. */
    public int countRetry() {
        return ++retries;
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
        asking = withAsking;
    }

    /**
     * True when this written command may be sent again after its connection was lost: read-only (with
     * {@code retryReads}) or marked idempotent, not internal (a MULTI block's own entries are), not carrying a
     * MULTI block or a preamble (a cache fill's CLIENT CACHING YES), and not replayed {@link #MAX_REPLAYS} times already (a command whose own reply kills the connection must not loop).
     */
    boolean mayReplay(boolean retryReads) {
        return !internal && transaction == null && preamble == null && replays < MAX_REPLAYS
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

    // ---- observation: the hook's call sites (see CommandObserver) ----

    /**
     * The command is handed to {@code connection} (null: it failed before any could take it). The first call
     * starts the observation on the calling thread; later ones (a redirect, a replay) only move it.
     */
    void observeStart(CommandObserver commandObserver, Connection connection) {
        observedConnection = connection;
        if (observer == null) {
            startNanos = System.nanoTime();
            observer = commandObserver;
            attachment = commandObserver.started(this);
        }
    }

    /** A command that no connection will take (no node serves its slot) starts its observation here. */
    public void observeUnrouted(CommandObserver commandObserver) {
        observeStart(commandObserver, null);
    }

    /** Event loop: its {@code bytes} are in the channel's buffer, written by the drain that began at {@code nowNanos}. */
    void observeWritten(Connection connection, int bytes, long nowNanos) {
        observedConnection = connection;
        bytesOut += bytes;
        if (writtenNanos == 0) {
            writtenNanos = nowNanos;
        }
        observer.written(this);
    }

    /** Event loop: its reply ({@code bytes} long) was decoded at {@code nowNanos} and matched to it. */
    void observeReply(int bytes, long nowNanos) {
        bytesIn += bytes;
        replyNanos = nowNanos;
        observer.replied(this);
    }

    /** Claims the completion and tells the observer, before the caller can see it; false when another thread claimed it. */
    private boolean observeCompletion(Throwable failure) {
        if (!COMPLETION_OBSERVED.compareAndSet(this, 0, 1)) {
            return false;
        }
        observedFailure = failure;
        completedNanos = System.nanoTime();
        observer.completed(this);
        return true;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public int batchSize() {
        return transaction == null ? 0 : transaction.commands().size();
    }

    @Override
    public String node() {
        Connection connection = observedConnection;
        return connection == null ? null : connection.node();
    }

    @Override
    public String serverHost() {
        Connection connection = observedConnection;
        return connection == null ? null : connection.endpoint().host();
    }

    @Override
    public int serverPort() {
        Connection connection = observedConnection;
        return connection == null ? -1 : connection.endpoint().port();
    }

    @Override
    public String serverZone() {
        Connection connection = observedConnection;
        return connection == null ? null : connection.serverZone();
    }

    @Override
    public boolean readOnly() {
        return spec.readOnly();
    }

    @Override
    public int slot() {
        byte[] key = spec.routingKey();
        return key == null ? -1 : SlotHash.slot(key);
    }

    @Override
    public boolean cacheFill() {
        return postambleHook != null; // only a cache fill watches its postamble (PTTL) in wire order
    }

    @Override
    public int redirects() {
        return redirects;
    }

    @Override
    public int retries() {
        return retries + replays;
    }

    @Override
    public long startNanos() {
        return startNanos;
    }

    @Override
    public long writtenNanos() {
        return writtenNanos;
    }

    @Override
    public long replyNanos() {
        return replyNanos;
    }

    @Override
    public long completedNanos() {
        return completedNanos;
    }

    @Override
    public int bytesOut() {
        return bytesOut;
    }

    @Override
    public int bytesIn() {
        return bytesIn;
    }

    @Override
    public Outcome outcome() {
        if (completedNanos == 0) {
            return null;
        }
        Throwable failure = observedFailure;
        if (failure == null) {
            return Outcome.SUCCESS;
        }
        if (failure instanceof RedisServerException) {
            return Outcome.SERVER_ERROR;
        }
        if (failure instanceof RedisTimeoutException) {
            return Outcome.TIMEOUT;
        }
        if (failure instanceof RedisOutcomeUnknownException) {
            return Outcome.OUTCOME_UNKNOWN;
        }
        if (failure instanceof RedisNotSentException || failure instanceof RedisBackpressureException
                || failure instanceof RedisRedirectException) {
            return Outcome.NOT_SENT; // never executed: refused before the write, or every node redirected it away
        }
        if (failure instanceof CancellationException) {
            return Outcome.CANCELLED;
        }
        return Outcome.CLIENT_ERROR;
    }

    @Override
    public String errorCode() {
        return observedFailure instanceof RedisServerException server ? server.code() : null;
    }

    @Override
    public Throwable failure() {
        return observedFailure;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public ObservedClient client() {
        CommandObserver current = observer;
        return current == null ? null : current.client();
    }

    @Override
    public String queryText(boolean withKeys) {
        return QueryText.of(spec.name(), spec.args(), withKeys);
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
