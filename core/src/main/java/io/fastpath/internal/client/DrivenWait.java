package io.fastpath.internal.client;

import io.fastpath.RedisException;
import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.connection.CommandFuture;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * How a blocking caller that holds its connection's {@link CallerDrivenLoop} waits: it runs the loop itself (writes its
 * command, waits in epoll/select, reads and completes replies, its own and others') until its own command is done,
 * then frees the loop, in a {@code finally}, so a caller that times out, is interrupted or fails while driving hands
 * the loop on (to the next caller, or to the background driver when work is left).
 *
 * <p>Bounds: the connection's deadline timer, a timer of the loop this caller runs, fails the command at its deadline;
 * the loop wakes at every {@link CallerDrivenLoop#TICK_NANOS} tick, so an interrupt is seen within about 134 ms (epoll
 * does not return on Thread.interrupt) and the wait never outlasts the deadline plus {@link BoundedWait#MARGIN_NANOS}
 * by more than a tick. Past that, or once the loop shuts down, the caller frees the loop and waits as any caller.
 *
 * <p>Thread ownership: stateless; the calling thread, which holds the loop.
 */
final class DrivenWait {
    private DrivenWait() {}

    /**
     * Whether the calling thread may drive a loop: a platform thread that is not an event loop's. A virtual thread never
     * drives (in epoll it would pin its carrier); it parks, which costs it little.
     */
    static boolean mayDrive() {
        Thread caller = Thread.currentThread();
        return !(caller instanceof FastThreadLocalThread) && !LoneCallerSpin.isVirtual(caller);
    }

    /** The command's value, driving {@code loop} (held by this thread) until it is done; frees the loop in every case. */
    static <T> T await(CommandFuture<T> command, CallerDrivenLoop loop, String what) {
        long giveUpAt = command.deadlineNanos() + BoundedWait.MARGIN_NANOS;
        try {
            while (!command.isDone()) {
                if (Thread.interrupted()) {
                    command.cancel(false); // leaves a tombstone; the reply, if any, is read and dropped by the next holder
                    throw new RedisException("interrupted while waiting for " + what + "; the command was abandoned",
                            BoundedWait.interrupted(new InterruptedException(), what));
                }
                if (loop.isShuttingDown() || System.nanoTime() - giveUpAt >= 0) {
                    break; // the background driver finishes the loop; this caller waits as any caller, bounded
                }
                loop.run();
            }
        } finally {
            loop.free();
        }
        return BoundedWait.await(command, command.deadlineNanos(), what);
    }
}
