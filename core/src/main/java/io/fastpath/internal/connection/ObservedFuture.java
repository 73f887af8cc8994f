package io.fastpath.internal.connection;

import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisRedirectException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.QueryText;
import io.fastpath.internal.routing.SlotHash;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The observation half of a {@link CommandFuture}: the {@link ObservedCommand} a {@code CommandListener} sees. With a
 * {@link CommandObserver} the four moments are recorded in the command's own fields ({@link #observeStart},
 * {@link #observeWritten}, {@link #observeReply}, and completion, claimed inside {@link #complete},
 * {@link #completeExceptionally} and {@link #cancel} before the caller can see it), so observing a command allocates
 * nothing. Without one, {@link #observer} stays null and each moment costs a null check.
 *
 * <p>Thread ownership: all zero and null unless the client observes commands. Each field is written by the thread
 * handling the command at that moment, before it hands the command on (the MPSC queue, the completion executor),
 * which publishes it to the next one; a listener reads them after.
 */
abstract class ObservedFuture<T> extends CompletableFuture<T> implements ObservedCommand {
    private static final AtomicIntegerFieldUpdater<ObservedFuture> COMPLETION_OBSERVED =
            AtomicIntegerFieldUpdater.newUpdater(ObservedFuture.class, "completionObserved");
    /** What a cancelled command reports as its failure to a listener (no stack: it is not thrown). */
    private static final CancellationException CANCELLED = new CancellationException("cancelled by its caller");

    final CommandSpec<T> spec;
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

    ObservedFuture(CommandSpec<T> spec) {
        this.spec = spec;
    }

    /**
     * After any completion attempt: the subclass releases what the caller counted (see {@link CommandFuture});
     * {@code givenUp}: the attempt was its caller giving it up (a cancel, a timeout after it was written), so the
     * command may still run.
     */
    abstract void release(boolean givenUp);

    @Override
    public boolean complete(T value) {
        if (observer != null && !observeCompletion(null)) {
            release(false); // another thread is completing it; this attempt still settles a command given up
            return false;
        }
        boolean completed = super.complete(value);
        release(false);
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean givenUp = failure instanceof RedisTimeoutException timedOut && timedOut.wasSent();
        if (observer != null && !observeCompletion(failure)) {
            release(givenUp);
            return false;
        }
        boolean completed = super.completeExceptionally(failure);
        release(givenUp);
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (observer != null && !observeCompletion(CANCELLED)) {
            return false;
        }
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        release(true);
        return cancelled;
    }

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
}
