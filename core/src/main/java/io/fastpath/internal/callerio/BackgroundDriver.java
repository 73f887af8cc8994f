package io.fastpath.internal.callerio;

import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The thread that runs a {@link CallerDrivenLoop} whenever no caller does, so pushes, timers, reconnects and async
 * commands never wait on a caller. It takes the free loop at once when work is left on it (a task queued, replies
 * awaited, a timer due: {@link #takeNow}), when its next timer is due, and, to watch its socket for pushes or a lost
 * connection, once the loop has stayed free for a whole {@link #IDLE_NANOS} period. It frees the loop to a caller
 * waiting for it (work left included), or once a caller asked for it and no work is left, so a caller that keeps
 * coming drives its own commands.
 *
 * <p>Bounded take-over: work left on a free loop is taken at once (one unpark); a timer of a free loop runs at most
 * {@link #IDLE_NANOS} late; I/O on a free loop with nothing in flight (a push, the server closing the socket) is read
 * within two idle periods (10 ms), or by the next caller that takes the loop.
 *
 * <p>One thread per loop: a thread can wait in one loop's epoll/select set only (nesting each loop's epoll descriptor
 * in one shared set would need the native descriptors, which Netty's public API does not give), and a loop nobody
 * waits on would read a push or a lost connection only when a caller next takes it. A shared driver for many loops
 * is later work (see the benchmark package {@code callerio}'s notes).
 *
 * <p>Thread ownership: its own thread, but {@link #takeNow} (any thread).
 */
final class BackgroundDriver implements Runnable {
    /** How long a loop stays free, unwatched, before this driver takes it to watch its socket. */
    static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final System.Logger LOG = System.getLogger(BackgroundDriver.class.getName());

    private final CallerDrivenLoop loop;
    private final Thread thread;
    /** Any thread: work was left on the free loop; consumed by getAndSet, so none is lost between the check and the park. */
    private final AtomicBoolean wanted = new AtomicBoolean();

    BackgroundDriver(CallerDrivenLoop loop, String name) {
        this.loop = loop;
        // A FastThreadLocalThread, as Netty's I/O threads: requireNotIoThread refuses a sync command here
        this.thread = new FastThreadLocalThread(this, name);
        thread.setDaemon(true);
    }

    /** Starts the thread, once the loop is fully built. */
    void start() {
        thread.start();
    }

    Thread thread() {
        return thread;
    }

    /**
     * Any thread: the loop has work and nobody holds it; this driver takes it at once. Only the call that raises
     * {@link #wanted} unparks: while it is up, the driver has been unparked and has not yet looked, and it does not
     * park while it is up.
     */
    void takeNow() {
        if (wanted.compareAndSet(false, true)) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        Thread me = Thread.currentThread();
        while (!loop.isTerminated()) {
            try {
                long seen = loop.releases();
                if (!wanted.get()) {
                    LockSupport.parkNanos(loop, parkNanos());
                }
                boolean urgent = wanted.getAndSet(false);
                boolean stayedFree = loop.releases() == seen;
                boolean timerDue = loop.nextTimerNanos() - loop.ticker().nanoTime() <= 0;
                if ((urgent || stayedFree || timerDue) && loop.tryHoldInBackground(me)) {
                    try {
                        serve();
                    } finally {
                        loop.free();
                    }
                }
            } catch (Throwable unexpected) {
                // This thread must outlive any failure: without it a free loop would not be served at all.
                LOG.log(System.Logger.Level.WARNING, "the background driver of an event loop failed; it goes on", unexpected);
            }
        }
    }

    /** Until the loop's next timer, an idle period at most; a full idle period while a caller holds it. */
    private long parkNanos() {
        long timer = loop.nextTimerNanos();
        if (loop.holder() != null || timer == Long.MAX_VALUE) {
            return IDLE_NANOS;
        }
        return Math.max(1000, Math.min(IDLE_NANOS, timer - loop.ticker().nanoTime()));
    }

    /** Runs the loop until a caller waits for it, or asked for it and no work is left, or it terminated. */
    private void serve() {
        while (true) {
            loop.run();
            if (loop.isTerminated()) {
                return;
            }
            if (!loop.isShuttingDown() && loop.callerAsked() && (loop.callerWaiting() || !loop.holderHasWork())) {
                return; // a waiting caller takes the work left with the loop; otherwise the next caller finds it free
            }
        }
    }
}
