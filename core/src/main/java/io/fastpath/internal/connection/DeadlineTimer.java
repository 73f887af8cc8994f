package io.fastpath.internal.connection;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One timer per connection, armed for the earliest deadline among its queued, waiting and written commands; when it
 * fires, the connection fails what expired and re-arms for the next. No periodic sweep: a deadline is as accurate as
 * the event loop's timer.
 *
 * <p>Thread ownership: the connection's event loop only.
 */
final class DeadlineTimer {
    private final EventLoop eventLoop;
    private final Runnable expire;
    private ScheduledFuture<?> timer;
    private long armedAt = Long.MAX_VALUE;

    /** {@code expire} runs when the armed deadline passes; it re-arms through {@link #arm} for what is left. */
    DeadlineTimer(EventLoop eventLoop, Runnable expire) {
        this.eventLoop = eventLoop;
        this.expire = expire;
    }

    /** Makes the timer fire at {@code deadlineNanos} at the latest (a later one than armed changes nothing). */
    void arm(long deadlineNanos) {
        if (deadlineNanos >= armedAt) {
            return;
        }
        if (timer != null) {
            timer.cancel(false);
        }
        armedAt = deadlineNanos;
        timer = eventLoop.schedule(this::fire, deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    void cancel() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        armedAt = Long.MAX_VALUE;
    }

    private void fire() {
        timer = null;
        armedAt = Long.MAX_VALUE;
        expire.run();
    }
}
