package io.fastpath.internal.client;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Lets a blocking caller that waits alone spin briefly before it parks. A parked caller costs a futex wait, a
 * futex wake on the I/O thread and a context switch back: on the 2-core benchmark machine most of a local round
 * trip (scenario (a), A/B of 2026-11-27: 8,226 awaited ops/s parked, 20,366 spinning; p50 102 against 30 µs). With other callers
 * waiting the spin is skipped, and a spinning caller stops as soon as a second one starts waiting: their replies
 * need the cores more (scenario (k)'s 8 threads ran at 0.42x when one of them spun regardless of the others).
 *
 * <p>A distant server stops the spinning: after {@value #GIVE_UP_AFTER} spins in a row whose reply came more than
 * {@value #FAR_FACTOR} times the limit after the spin began, a lone caller parks at once, and spins again only as a
 * probe once in {@value #PROBE_EVERY} waits; a probe whose reply comes sooner turns spinning back on. A reply that
 * misses the limit by less (a local server on a busy or cold machine) does not count: giving up on those kept a
 * local client parked, where each probe then met idle cores slow to wake and failed in turn (0.57x in scenario (a)).
 *
 * <p>A virtual thread never spins (it is counted as waiting, so a platform thread's spin still yields to it): spinning
 * would hold its carrier, one of the few threads that run every virtual thread, where parking frees it (docs/virtual-threads.md).
 *
 * <p>Thread ownership: the waiting count is shared by every caller thread of the process (cores are the
 * process's); the failure count and the probe count are this client's, updated without a lock by lone waiters
 * (a lost update only shifts a decision by one wait).
 */
public final class LoneCallerSpin {
    /** A client that never spins: callers park at once. */
    public static final LoneCallerSpin OFF = new LoneCallerSpin(0);
    /** What {@link #arrive} returns for a caller it did not count (spinning off, or the future already done). */
    static final long NOT_COUNTED = -1;
    /** What {@link #arrive} returns for a counted caller whose spin did not run out (or who did not spin). */
    static final long COUNTED = 0;
    /** Spins in a row answered from far away before a client stops spinning (but for probes). */
    static final int GIVE_UP_AFTER = 16;
    /** A reply later than this many spin limits after the spin began is from a distant (or stalled) server. */
    static final int FAR_FACTOR = 8;
    /** Once stopped, one lone wait in this many spins anyway (a power of two). */
    static final int PROBE_EVERY = 32;
    /** Blocking callers, of every client that spins, now waiting for an outcome. */
    private static final AtomicInteger WAITING = new AtomicInteger();

    /** {@code Thread.isVirtual()} on JDK 21 and newer; null on the library's Java 17 baseline, where no thread is virtual. */
    private static final MethodHandle IS_VIRTUAL = isVirtualMethod();

    private final long limitNanos;
    /** Whether a thread is virtual: {@link #isVirtual} but in tests, which run on Java 17. */
    private final Predicate<Thread> virtual;
    /** Spins in a row whose reply came from far away, up to {@link #GIVE_UP_AFTER}. */
    private volatile int farSpins;
    /** Lone waits that did not spin since spinning stopped, for picking the probes. */
    private int skippedWaits;

    public LoneCallerSpin(long limitNanos) {
        this(limitNanos, LoneCallerSpin::isVirtual);
    }

    LoneCallerSpin(long limitNanos, Predicate<Thread> virtual) {
        this.limitNanos = limitNanos;
        this.virtual = virtual;
    }

    /**
     * Before parking on {@code future}: counts the caller as waiting and, when it is the only one and spinning
     * pays with this server, spins until the future is done, another caller starts waiting, the caller is
     * interrupted, or the limit passes.
     * Returns {@link #NOT_COUNTED}, {@link #COUNTED}, or, for a spin that ran out, the time it began; pass it to
     * {@link #leave} once the wait is over.
     */
    long arrive(CompletableFuture<?> future) {
        if (limitNanos == 0 || future.isDone()) {
            return NOT_COUNTED;
        }
        if (WAITING.incrementAndGet() == 1 && !virtual.test(Thread.currentThread()) && spinsWhenAlone()) {
            long start = System.nanoTime();
            long end = start + limitNanos;
            while (!future.isDone()) {
                if (WAITING.get() != 1) {
                    return COUNTED; // another caller needs the cores: says nothing about the server
                }
                if (Thread.currentThread().isInterrupted()) {
                    return COUNTED; // the park that follows answers the interrupt at once; says nothing about the server
                }
                if (System.nanoTime() >= end) {
                    return Math.max(start, COUNTED + 1); // leave() learns how far the reply was
                }
                Thread.onSpinWait();
            }
            replyCame(false);
        }
        return COUNTED;
    }

    /** After the wait {@link #arrive} counted: uncounts the caller and, after a spin that ran out, learns how far the reply was. */
    void leave(long arrival) {
        if (arrival == NOT_COUNTED) {
            return;
        }
        if (arrival != COUNTED) {
            replyCame(System.nanoTime() - arrival > FAR_FACTOR * limitNanos);
        }
        WAITING.decrementAndGet();
    }

    /** Whether a caller waiting alone spins now: spins have lately seen replies from near by, or this wait is a probe. */
    boolean spinsWhenAlone() {
        if (farSpins < GIVE_UP_AFTER) {
            return true;
        }
        return (++skippedWaits & (PROBE_EVERY - 1)) == 0;
    }

    /** The outcome of a lone caller's spin: was its reply from far away (long after the spin limit)? */
    void replyCame(boolean fromFarAway) {
        int far = farSpins;
        farSpins = fromFarAway ? Math.min(far + 1, GIVE_UP_AFTER) : 0;
    }

    /** Blocking callers of spinning clients now waiting, process-wide (tests). */
    static int waitingCallers() {
        return WAITING.get();
    }

    /** Whether {@code thread} is a virtual thread (JDK 21 and newer). */
    static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable unexpected) {
            return false; // Thread.isVirtual() throws nothing; a thread we cannot classify spins as before
        }
    }

    private static MethodHandle isVirtualMethod() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException onJava17) {
            return null;
        }
    }
}
