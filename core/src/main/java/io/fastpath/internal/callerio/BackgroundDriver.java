package io.fastpath.internal.callerio;

import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The thread that runs a {@link CallerDrivenLoop} whenever no caller does, so pushes, timers, reconnects and async
 * commands never wait on a caller. It sleeps until it is needed, and takes the free loop when woken: at once when work
 * is left on it (a task queued, replies awaited, a timer due: {@link #takeNow}); and, woken by the client's
 * {@link IdleLoopWatcher}, when the free loop's next timer is due or, to watch its socket for pushes or a lost
 * connection, once the loop has stayed free for a whole idle period. While callers hold the loop it does not wake at all.
 * It frees the loop to a caller waiting for it (work left included), or once a caller asked for it and no work is left,
 * so a caller that keeps coming drives its own commands.
 *
 * <p>Bounded take-over: work left on a free loop is taken at once (one unpark); a timer of a free loop runs at most one
 * idle period ({@link IdleLoopWatcher#IDLE_NANOS}, 5 ms) late; I/O on a free loop with nothing in flight (a push, the
 * server closing the socket) is read within two idle periods (10 ms), or by the next caller that takes the loop.
 *
 * <p>One thread per loop: a thread can wait in one loop's epoll/select set only (nesting each loop's epoll descriptor
 * in one shared set would need the native descriptors, which Netty's public API does not give), and a loop nobody
 * waits on would read a push or a lost connection only when a caller next takes it. What is shared is the watching
 * of free loops (one {@link IdleLoopWatcher} per client), so the threads of loops that callers hold stay parked.
 *
 * <p>Thread ownership: its own thread, but {@link #takeNow} and {@link #wakeUps} (any thread).
 */
final class BackgroundDriver implements Runnable {
    private static final System.Logger LOG = System.getLogger(BackgroundDriver.class.getName());

    private final CallerDrivenLoop loop;
    private final Thread thread;
    /** Any thread: work was left on the free loop; consumed by getAndSet, so none is lost between the check and the park. */
    private final AtomicBoolean wanted = new AtomicBoolean();
    /** Written by this thread only: how often it woke from parking (tests, and the wake-up count of issue 30). */
    private volatile long wakeUps;

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

    /** How often this thread woke from parking so far. */
    long wakeUps() {
        return wakeUps;
    }

    @Override
    public void run() {
        Thread me = Thread.currentThread();
        while (!loop.isTerminated()) {
            try {
                if (!wanted.get()) {
                    LockSupport.park(loop); // until takeNow: work left, or the idle watcher's call (idle period, timer)
                    wakeUps++; // a single writer
                }
                if (wanted.getAndSet(false) && loop.tryHoldInBackground(me)) {
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
