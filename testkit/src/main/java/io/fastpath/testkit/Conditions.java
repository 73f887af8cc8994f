package io.fastpath.testkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a condition that has no event of its own to wait on (a count in the server's INFO, a client gone from
 * CLIENT LIST), for the tests of every module: one polling loop, the testkit's, instead of a copy per module.
 */
public final class Conditions {
    private Conditions() {}

    /**
     * Polls {@code condition} until it holds; an exception thrown by it (a server still restarting) counts as "not
     * yet". Fails with {@link RedisTestkitException} naming {@code what} after {@code within}.
     */
    public static void await(String what, BooleanSupplier condition, Duration within) {
        Waits.until(what, within, () -> condition.getAsBoolean() ? Boolean.TRUE : null, () -> "");
    }
}
