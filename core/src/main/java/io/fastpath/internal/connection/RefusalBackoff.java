package io.fastpath.internal.connection;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * How long a command refused by a server that is changing roles (TRYAGAIN, CLUSTERDOWN, READONLY from a
 * demoted primary...) waits before it is routed again: 5 ms doubling to 200 ms, jittered between half and
 * all of that, so a burst of refusals does not come back in lockstep.
 */
public final class RefusalBackoff {
    private static final long FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private RefusalBackoff() {}

    /** The wait before retry number {@code attempt} (1 for the first). */
    public static long delayNanos(int attempt) {
        long delay = Math.min(MAX_NANOS, FIRST_NANOS << Math.min(Math.max(attempt, 1) - 1, 10));
        return delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
    }
}
