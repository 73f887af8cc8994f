package io.fastpath.micrometer;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polls a real condition until it holds (these tests never sleep to wait). */
final class Await {
    private Await() {}

    static void until(String what, BooleanSupplier condition, Duration within) {
        long giveUpAt = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - giveUpAt > 0) {
                throw new AssertionError("timed out after " + within.toMillis() + " ms waiting until " + what);
            }
            try {
                Thread.sleep(10); // Not synchronization: the poll interval of this wait
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting until " + what, interrupted);
            }
        }
    }
}
