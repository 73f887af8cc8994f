package io.fastpath.internal.connection;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One calling thread's commands that may still reach a server ahead of its next one, and where they went. A command
 * counts from its dispatch until it settles: its reply is read, it fails for good, or, when its caller gave it up (a
 * timeout, a cancel, an interrupt), until its late reply is read, it is dropped unwritten or its connection is lost
 * ({@link CommandFuture#release}): until then it may still run, after anything the thread sends next.
 *
 * <p>While none counts, the thread is idle and its next command may take any connection of the node (the congestion
 * detour; under caller-driven I/O a loop taken free). When that connection is not the one its key would take, it
 * becomes the thread's lane: the thread's commands to that node go there, behind it, until the thread is idle again,
 * so none overtakes an earlier one (AbandonedCommandsIT, CongestionDetourOrderIT).
 *
 * <p>Thread ownership: one per thread (a thread-local of the client core); the count is raised by that thread and
 * lowered by whichever thread settles a command (event loops, completing threads); the lane is that thread's alone.
 */
public final class CallerCommands {
    private static final AtomicIntegerFieldUpdater<CallerCommands> UNSETTLED =
            AtomicIntegerFieldUpdater.newUpdater(CallerCommands.class, "unsettled");

    private volatile int unsettled;
    /** The thread whose record this is (thread-locals are made on their thread). */
    private final Thread owner = Thread.currentThread();
    /** The connection the thread's first unsettled command took instead of its key's own, or null. Owning thread only. */
    private Connection lane;

    /**
     * Owning thread, before it dispatches a command: whether none of its commands may still reach a server (its lane
     * then ends). Read before {@link #dispatching}, so the command itself is not counted.
     */
    public boolean idle() {
        if (unsettled != 0) {
            return false;
        }
        lane = null;
        return true;
    }

    /** How many of the owning thread's commands may still run (any thread; a moment's view). */
    public int unsettled() {
        return unsettled;
    }

    /** Owning thread: one more command dispatched; it counts until {@link #settled} is called for it, once. */
    public void dispatching() {
        UNSETTLED.incrementAndGet(this);
    }

    /** Any thread: one of the owning thread's commands settled (or was never dispatched after all). */
    public void settled() {
        UNSETTLED.decrementAndGet(this);
    }

    /**
     * Its commands' connection while the thread is not idle, when not their keys' own; null otherwise, and null on any
     * other thread (an event loop re-sending one of its commands after a refusal routes it afresh).
     */
    public Connection lane() {
        return Thread.currentThread() == owner ? lane : null;
    }

    /** Owning thread, idle: its command went to {@code connection}, not its key's own; the next follow until it is idle. */
    public void lane(Connection connection) {
        this.lane = connection;
    }
}
