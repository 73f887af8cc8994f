package io.fastpath.internal.connection;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with "equal jitter": attempt n waits between half and all of
 * min(max, base * 2^n), so a fleet of clients does not reconnect in lockstep. Attempt 0 is immediate.
 */
public record ReconnectBackoff(Duration base, Duration max) {

    public static final ReconnectBackoff DEFAULT = new ReconnectBackoff(Duration.ofMillis(10), Duration.ofSeconds(2));

    public long delayNanos(int attempt) {
        if (attempt <= 0) {
            return 0;
        }
        long ceiling = Math.min(max.toNanos(), base.toNanos() << Math.min(attempt - 1, 30));
        long half = ceiling / 2;
        return half + ThreadLocalRandom.current().nextLong(half + 1);
    }
}
