package io.fastpath.internal.connection;

import io.netty.channel.Channel;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Detects a server that keeps its TCP connection open but stopped answering (SIGSTOP, a hung process, a
 * blackholed route): TCP looks alive, so only the application can tell. While replies are awaited and
 * nothing has been read for {@code responseTimeout}, the connection is declared dead and closed, so its
 * commands fail with "outcome unknown" and the reconnect starts, however long their own deadlines are.
 * A connection idle for {@code pingInterval} sends a PING, which the same rule then covers. A blocking
 * command (BLPOP, XREAD BLOCK, WAIT...) awaiting its reply suspends the rule: the server may rightly stay
 * silent for its block time, and the command's own deadline (block time plus command timeout) bounds it.
 *
 * <p>Thread ownership: created, ticked and stopped on the connection's event loop, one per channel.
 */
final class LivenessCheck {
    private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final Connection connection;
    private final Channel channel;
    private final long pingIntervalNanos;
    private final long responseTimeoutNanos;
    private final ScheduledFuture<?> timer;

    /** Starts ticking for {@code channel}; a zero interval or timeout turns that half of the check off. */
    LivenessCheck(Connection connection, Channel channel, long pingIntervalNanos, long responseTimeoutNanos) {
        this.connection = connection;
        this.channel = channel;
        this.pingIntervalNanos = pingIntervalNanos;
        this.responseTimeoutNanos = responseTimeoutNanos;
        long shortest = Math.min(pingIntervalNanos <= 0 ? Long.MAX_VALUE : pingIntervalNanos,
                responseTimeoutNanos <= 0 ? Long.MAX_VALUE : responseTimeoutNanos);
        // A quarter of the shortest period: detection comes at most 25% late, at a few wake-ups per period.
        long tick = Math.max(MIN_TICK_NANOS, shortest / 4);
        this.timer = shortest == Long.MAX_VALUE ? null
                : channel.eventLoop().scheduleAtFixedRate(this::tick, tick, tick, TimeUnit.NANOSECONDS);
    }

    void stop() {
        if (timer != null) {
            timer.cancel(false);
        }
    }

    private void tick() {
        if (connection.channel() != channel || !channel.isActive()) {
            stop();
            return;
        }
        long now = System.nanoTime();
        if (connection.hasRepliesPending()) {
            long silentNanos = now - connection.awaitingRepliesSinceNanos();
            if (responseTimeoutNanos > 0 && silentNanos > responseTimeoutNanos && !connection.awaitsBlockingCommand()) {
                stop();
                connection.declareUnresponsive(TimeUnit.NANOSECONDS.toMillis(silentNanos),
                        TimeUnit.NANOSECONDS.toMillis(responseTimeoutNanos));
            }
        } else if (pingIntervalNanos > 0 && now - connection.lastReadNanos() > pingIntervalNanos) {
            connection.pingIfReady(now + (responseTimeoutNanos > 0 ? responseTimeoutNanos : pingIntervalNanos));
        }
    }
}
