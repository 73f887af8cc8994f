package io.fastpath.internal.cache;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * System.nanoTime sampled once a millisecond, read with one volatile load: the clock of entry expiry, so
 * Caffeine's expiry checks add no second system-clock read to a hit, which already reads one for its
 * heartbeat (System.nanoTime costs 24 ns here, about 100 ns on some virtual machines; benchmark scenario
 * g1, CacheHitRateScenario). Entries may so outlive their TTL by about a millisecond.
 *
 * <p>Thread ownership: one event loop ticks it; any thread reads it.
 */
final class CoarseClock {
    private static final long TICK_MILLIS = 1;

    private volatile long nowNanos = System.nanoTime();

    /** Ticks on {@code loop} until the loop shuts down with the client. */
    void start(ScheduledExecutorService loop) {
        loop.scheduleAtFixedRate(() -> nowNanos = System.nanoTime(), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    long nowNanos() {
        return nowNanos;
    }
}
