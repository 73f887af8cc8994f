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

    /** Polls a read until it returns the expected value; errors while the client reconnects count as "not yet". */
    public static <T> void awaitValue(Supplier<T> read, T expected, Duration within) {
        long giveUpAt = System.nanoTime() + within.toNanos();
        T last = null;
        while (System.nanoTime() < giveUpAt) {
            try {
                last = read.get();
                if (Objects.equals(last, expected)) {
                    return;
                }
            } catch (RedisException reconnecting) {
                // the client (or one node's connections) may still be coming back after a fault
            }
            pause();
        }
        throw new AssertionError("expected " + expected + " within " + within.toSeconds() + " s, last read " + last);
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
