package io.fastpath.internal.connection;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * Proof that an event loop is running, for the client-side cache. A cached reply is served only if the
 * loop that delivers its invalidations beat within the freshness bound; otherwise the reader waits for
 * one beat (which applies any invalidation already in the loop's sockets) and looks again. A loop stopped
 * by a GC pause or starved of CPU would otherwise leave an invalidation unread while readers keep getting
 * the old value (benchmark scenario g2, CacheStalenessScenario: 120,859 late-stale reads of 8.3M without
 * this, 0 with it).
 *
 * <p>While readers use it the loop beats every half bound, so a busy reader never waits; the beats stop
 * after {@link #IDLE_NANOS} without readers and the next reader starts them again. Readers never wake the
 * loop on the hit path: doing so cost a hit several microseconds each time (scenario g1, hit p99).
 *
 * <p>Thread ownership: the loop writes {@link #lastBeatNanos} and owns {@link #schedule} and
 * {@link #lastReadBeatNanos}; any thread reads.
 */
public final class LoopHeartbeat {
    /** Beats continue this long (or four periods) after the last read, so a reader doing a few hundred reads a second never waits. */
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** A reader waiting for a beat spins this many times before yielding the CPU (to the loop, on a small machine). */
    private static final int SPINS = 100;

    private static final AtomicIntegerFieldUpdater<LoopHeartbeat> BEATING =
            AtomicIntegerFieldUpdater.newUpdater(LoopHeartbeat.class, "beating");

    private final EventExecutor eventLoop;
    private final long freshnessNanos;
    private final long periodNanos;
    private final long idleNanos;

    /** 1 while the periodic beat is scheduled (a field, not an AtomicBoolean: one object fewer on a hit). */
    private volatile int beating;
    private volatile long lastBeatNanos = System.nanoTime() - Long.MAX_VALUE / 2; // never beat yet
    /** Set by readers, cleared by each beat. */
    private volatile boolean readSinceBeat;
    private long lastReadBeatNanos;
    private ScheduledFuture<?> schedule;

    public LoopHeartbeat(EventExecutor eventLoop, long freshnessNanos) {
        this.eventLoop = eventLoop;
        this.freshnessNanos = freshnessNanos;
        this.periodNanos = Math.max(1, freshnessNanos / 2);
        this.idleNanos = Math.max(IDLE_NANOS, 4 * periodNanos);
    }

    /** Any thread: whether the loop beat within the bound at {@code nowNanos}; starts the beats if they had stopped. */
    public boolean isRecent(long nowNanos) {
        if (!readSinceBeat) {
            readSinceBeat = true; // written once per beat period, not on every read: the line stays shared
        }
        if (beating == 0 && BEATING.compareAndSet(this, 0, 1)) {
            try {
                eventLoop.execute(this::startBeating);
            } catch (RejectedExecutionException shutDown) {
                // The client is closing: no beat will come, so nothing is served from here on.
            }
        }
        return nowNanos - lastBeatNanos <= freshnessNanos;
    }

    /**
     * Any thread, after {@link #isRecent} said no: waits (briefly, spinning then yielding) for a beat later than
     * {@code sinceNanos}; false if none came within the bound (the loop is busy or stopped), when the read
     * should go to the server.
     */
    public boolean awaitBeatAfter(long sinceNanos) {
        if (eventLoop.inEventLoop()) {
            return false; // the loop cannot beat while this thread, its own, waits for it
        }
        long deadline = sinceNanos + freshnessNanos;
        for (int round = 0; lastBeatNanos - sinceNanos < 0; round++) {
            if (round < SPINS) {
                Thread.onSpinWait();
            } else if (System.nanoTime() - deadline > 0) {
                return false;
            } else {
                Thread.yield();
            }
        }
        return true;
    }

    /** Event loop: the loop is evidently running now (it is filling a cache entry, say). */
    public void beatOnLoop() {
        lastBeatNanos = System.nanoTime();
    }

    private void startBeating() {
        lastBeatNanos = System.nanoTime();
        lastReadBeatNanos = lastBeatNanos;
        schedule = eventLoop.scheduleAtFixedRate(this::beat, periodNanos, periodNanos, TimeUnit.NANOSECONDS);
    }

    private void beat() {
        long now = System.nanoTime();
        lastBeatNanos = now; // the loop polled its sockets just before running its tasks
        if (readSinceBeat) {
            readSinceBeat = false;
            lastReadBeatNanos = now;
        } else if (now - lastReadBeatNanos > idleNanos) {
            schedule.cancel(false);
            beating = 0; // a reader racing with this sees it and starts the beats again
        }
    }
}
