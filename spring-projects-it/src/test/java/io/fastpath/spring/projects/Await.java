package io.fastpath.spring.projects;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** A bounded wait for something the server does on its own clock (an expiry, a notification). */
public final class Await {
    private Await() {
    }

    public static void until(Duration bound, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + bound + ": " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, interrupted);
            }
        }
    }
}
