package io.fastpath;

import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The tests' one way to wait for something to happen: polls a real condition until it holds or a deadline
 * passes. Public so the tests of every package use it instead of a {@code Thread.sleep} of a guessed length
 * ({@link NoSleepAsSynchronizationTest} keeps it that way).
 */
public final class Eventually {
    private static final long POLL_INTERVAL_MILLIS = 10;

    private Eventually() {}

    /**
     * Polls a read until it returns the expected value. Failures of a client coming back after a fault count as "not
     * yet": a lost or not yet reopened connection, a timeout, and the server errors a fault makes for a while (LOADING,
     * CLUSTERDOWN, TRYAGAIN, MASTERDOWN, READONLY). Any other failure (a MOVED the client should have followed, a
     * WRONGTYPE...) ends the wait at once: it is the test's failure, not a state to wait out.
     */
    public static <T> void awaitValue(Supplier<T> read, T expected, Duration within) {
        long giveUpAt = System.nanoTime() + within.toNanos();
        T last = null;
        RedisException lastFailure = null;
        while (System.nanoTime() < giveUpAt) {
            try {
                last = read.get();
                if (Objects.equals(last, expected)) {
                    return;
                }
            } catch (RedisException failure) {
                if (!whileRecovering(failure)) {
                    throw failure;
                }
                lastFailure = failure; // the client (or one node's connections) may still be coming back after a fault
            }
            pause();
        }
        AssertionError timedOut = new AssertionError("expected " + expected + " within " + within.toSeconds()
                + " s, last read " + last + (lastFailure == null ? "" : ", last failure " + lastFailure));
        if (lastFailure != null) {
            timedOut.initCause(lastFailure);
        }
        throw timedOut;
    }

    /** What a client may answer while it, or the server, comes back from a fault. */
    private static boolean whileRecovering(RedisException failure) {
        if (failure instanceof RedisServerException server) {
            return switch (server.code()) {
                case "LOADING", "CLUSTERDOWN", "TRYAGAIN", "MASTERDOWN", "READONLY" -> true;
                default -> false;
            };
        }
        return failure instanceof RedisConnectionException || failure instanceof RedisTimeoutException;
    }

    /**
     * Polls {@code read} until {@code done} accepts what it returned, and returns that value. Unlike
     * {@link #awaitValue}, an exception thrown by the read ends the wait at once: it is the test's failure.
     */
    public static <T> T await(String what, Supplier<T> read, Predicate<? super T> done, Duration within) {
        long giveUpAt = System.nanoTime() + within.toNanos();
        while (true) {
            T last = read.get();
            if (done.test(last)) {
                return last;
            }
            if (System.nanoTime() - giveUpAt > 0) {
                throw new AssertionError("timed out after " + within.toMillis() + " ms waiting until " + what
                        + "; last read " + last);
            }
            pause();
        }
    }

    /** Polls {@code condition} until it holds; an exception it throws ends the wait at once. */
    public static void awaitTrue(String what, BooleanSupplier condition, Duration within) {
        await(what, condition::getAsBoolean, Boolean::booleanValue, within);
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_INTERVAL_MILLIS); // Not synchronization: the poll interval of this helper itself
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
