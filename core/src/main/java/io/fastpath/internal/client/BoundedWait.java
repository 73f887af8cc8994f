package io.fastpath.internal.client;

import io.fastpath.RedisException;
import io.fastpath.RedisTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How a caller thread waits for a future the client completes: always timed, bounded by the command's
 * deadline plus {@link #MARGIN_NANOS}, so a future that a bug or a stalled I/O thread never completes
 * cannot hold its caller forever. An interrupted wait restores the interrupt flag and is logged.
 *
 * <p>Thread ownership: stateless; any caller thread.
 */
public final class BoundedWait {
    /**
     * Past the command's own deadline, how long a caller still waits for the connection's deadline timer
     * (which normally completes the future first): room for a busy or paused event loop.
     */
    public static final long MARGIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final System.Logger LOG = System.getLogger(BoundedWait.class.getName());

    private BoundedWait() {}

    /**
     * The future's value, waiting until {@code deadlineNanos} plus the margin at most; a wait that expires
     * cancels the future (a sent command stays in its FIFO as a tombstone, so its late reply is dropped)
     * and throws {@link RedisTimeoutException}. The future's own failure is thrown as it is (wrapped when
     * it is not a RuntimeException).
     */
    public static <T> T await(CompletableFuture<T> future, long deadlineNanos, String what) {
        return await(future, deadlineNanos, what, LoneCallerSpin.OFF);
    }

    /** {@link #await(CompletableFuture, long, String)}, spinning first when {@code spin} lets this caller (see {@link LoneCallerSpin}). */
    public static <T> T await(CompletableFuture<T> future, long deadlineNanos, String what, LoneCallerSpin spin) {
        long arrival = spin.arrive(future);
        try {
            long waitNanos = future.isDone() ? 0 : deadlineNanos + MARGIN_NANOS - System.nanoTime(); // a hit reads no clock
            return future.get(Math.max(0, waitNanos), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new RedisException(String.valueOf(cause), cause);
        } catch (TimeoutException e) {
            if (!future.cancel(false) && !future.isCancelled()) {
                return await(future, System.nanoTime(), what); // completed right as the wait expired: that outcome wins
            }
            LOG.log(System.Logger.Level.WARNING, "{0} had no outcome " + TimeUnit.NANOSECONDS.toMillis(MARGIN_NANOS)
                    + " ms past its deadline; it was abandoned (an I/O thread may be stalled)", what);
            throw new RedisTimeoutException(what + " had no outcome " + TimeUnit.NANOSECONDS.toMillis(MARGIN_NANOS)
                    + " ms past its deadline, so the caller stopped waiting: it may or may not have run, and a late"
                    + " reply will be dropped (the client's deadline timer did not fire: an I/O thread stalled?)", true);
        } catch (InterruptedException e) {
            future.cancel(false); // leaves a tombstone; the reply, if any, is dropped
            throw new RedisException("interrupted while waiting for " + what + "; the command was abandoned", interrupted(e, what));
        } finally {
            spin.leave(arrival);
        }
    }

    /** Restores the interrupt flag of an interrupted wait and logs it; returns {@code e} for chaining. */
    public static InterruptedException interrupted(InterruptedException e, String what) {
        Thread.currentThread().interrupt();
        LOG.log(System.Logger.Level.INFO, "interrupted while waiting for {0}; the interrupt flag was restored", what);
        return e;
    }
}
