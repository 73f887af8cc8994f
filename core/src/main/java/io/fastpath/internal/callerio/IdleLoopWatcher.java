package io.fastpath.internal.callerio;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread for all of a client's caller-driven loops that wakes a loop's {@link BackgroundDriver} only when it is
 * needed: once the loop has stayed free for a whole {@link #IDLE_NANOS} period (to watch its socket for pushes or a lost
 * connection), or when the free loop's next timer is due. So a driver whose loop callers hold sleeps until then, where
 * each driver used to wake every idle period to look (about 200 wake-ups a second per connection; a cluster has dozens).
 *
 * <p>It ticks every idle period while some loop is free or held by a caller, and sleeps while every loop is watched by
 * its own driver: a loop leaves its driver only through the driver's {@link CallerDrivenLoop#free}, which wakes this
 * thread (the sleeping flag is written before the holders are read, the holder cleared before the flag is read, so one
 * side sees the other). "Stayed free a whole period": free now, and not freed since the last tick (the loop's count of
 * releases did not move), so a loop freed by its last caller is taken within two ticks (10 ms).
 *
 * <p>Thread ownership: its own thread; {@link #watch}, {@link #wake} and {@link #close} any thread.
 */
public final class IdleLoopWatcher implements AutoCloseable {
    /** How long a loop stays free, unwatched, before its background driver takes it; also the tick of this thread. */
    static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final System.Logger LOG = System.getLogger(IdleLoopWatcher.class.getName());

    /** Any thread adds; this thread drops the terminated ones. */
    private final List<CallerDrivenLoop> loops = new CopyOnWriteArrayList<>();
    private final Thread thread;
    /** Written by this thread before it parks with every loop watched by its driver; read by {@link #wake}. */
    private volatile boolean sleeping;
    private volatile boolean closed;
    /** This thread writes it; read by tests (how many ticks it made). */
    private volatile long ticks;

    /** Starts the watcher thread, named {@code name}. */
    public IdleLoopWatcher(String name) {
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Any thread: watches {@code loop} from now on (a new loop is free: it is taken by its driver after an idle period). */
    void watch(CallerDrivenLoop loop) {
        loops.add(loop);
        wake();
    }

    /** Any thread: a loop may have left its background driver; tick again if asleep. One volatile read otherwise. */
    void wake() {
        if (sleeping) {
            sleeping = false;
            LockSupport.unpark(thread);
        }
    }

    /** Ticks made so far (tests). */
    public long ticks() {
        return ticks;
    }

    /** Whether it sleeps now, every loop being watched by its own driver (tests). */
    public boolean sleeping() {
        return sleeping;
    }

    /** Any thread: stops the thread (after the loops were shut down: it no longer wakes their drivers). */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }

    private void run() {
        while (!closed) {
            try {
                boolean unwatched = tick();
                ticks++;
                if (unwatched) {
                    LockSupport.parkNanos(this, IDLE_NANOS);
                    continue;
                }
                sleeping = true;
                if (anyUnwatched()) { // a driver freed its loop between the tick and the flag: keep ticking
                    sleeping = false;
                    continue;
                }
                while (sleeping && !closed) {
                    LockSupport.park(this);
                }
            } catch (Throwable unexpected) {
                // This thread must outlive any failure: without it a free loop would not be watched at all.
                LOG.log(System.Logger.Level.WARNING, "the idle watcher of the caller-driven loops failed; it goes on", unexpected);
            }
        }
    }

    /** One look at every loop; whether some loop is free or held by a caller (then it ticks again). */
    private boolean tick() {
        boolean unwatched = false;
        for (CallerDrivenLoop loop : loops) {
            if (loop.isTerminated()) {
                loops.remove(loop);
            } else if (loop.lookIdle()) {
                unwatched = true;
            }
        }
        return unwatched;
    }

    private boolean anyUnwatched() {
        for (CallerDrivenLoop loop : loops) {
            if (!loop.isTerminated() && !loop.watchedByBackground()) {
                return true;
            }
        }
        return false;
    }
}
