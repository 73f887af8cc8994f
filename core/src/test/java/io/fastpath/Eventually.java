package io.fastpath;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/** Polls a read until it returns the expected value; errors while the client reconnects count as "not yet". */
final class Eventually {
    private Eventually() {}

    static <T> void awaitValue(Supplier<T> read, T expected, Duration within) {
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
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("expected " + expected + " within " + within.toSeconds() + " s, last read " + last);
    }
}
