package io.fastpath.internal.connection;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.AbstractEventExecutor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * Queue: the commands callers hand one connection, in arrival order, on a lock-free MPSC queue, with at most one
 * drain task scheduled on the connection's event loop at a time; and the count of commands accepted and not yet
 * answered (queued, waiting or written), which bounds them ({@code maxInFlightPerConnection}).
 *
 * <p>Waking the event loop: a drain scheduled while written commands still await their replies does not wake a
 * sleeping loop ({@code lazyExecute}): the next reply wakes it, and the drain then writes everything queued since in
 * one write. A caller with nothing ahead of it wakes the loop at once, so a lone caller is written immediately.
 * Scenario (b): the callers' wake-ups ({@code eventfd} writes) were a tenth of the caller's CPU. The loop publishes
 * how many replies it awaits ({@link #awaitingReplies}); when the last one is read, it stores 0 with a full fence
 * before it runs its tasks, and a caller that queued its drain lazily reads the count again after queueing it and
 * wakes the loop itself if it is 0, so no drain waits on a sleeping loop with no reply to come.
 *
 * <p>Thread ownership: {@link #offer} and the counter from any thread; {@link #poll} and the drain on the event loop.
 */
final class CommandQueue {
    /** Chunk of the queue's linked arrays, as Netty's own MPSC task queues use. */
    private static final int CHUNK = 1024;

    private final Queue<CommandFuture<?>> commands = new MpscUnboundedArrayQueue<>(CHUNK);
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final AtomicInteger unanswered = new AtomicInteger();
    private final EventLoop eventLoop;
    private final Runnable drain;
    private final int maxInFlight;
    /** The loop's {@code lazyExecute}, or null when it has none (then every drain wakes it). */
    private final AbstractEventExecutor lazyLoop;
    /** Written commands of the current channel awaiting replies. Written by the event loop only; read by callers. */
    private volatile int awaitingReplies;
    private static final VarHandle AWAITING_REPLIES;
    /** Wakes the loop and does nothing else: a lazily queued drain then runs after it. */
    private static final Runnable WAKE_UP = () -> { };

    static {
        try {
            AWAITING_REPLIES = MethodHandles.lookup().findVarHandle(CommandQueue.class, "awaitingReplies", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    CommandQueue(EventLoop eventLoop, Runnable drain, int maxInFlight) {
        this.eventLoop = eventLoop;
        this.drain = drain;
        this.maxInFlight = maxInFlight;
        this.lazyLoop = eventLoop instanceof AbstractEventExecutor executor ? executor : null;
    }

    /** Any thread: queues {@code command} and schedules a drain; false, queueing nothing, when the bound is reached. */
    boolean offer(CommandFuture<?> command) {
        if (unanswered.incrementAndGet() > maxInFlight) {
            unanswered.decrementAndGet();
            return false;
        }
        commands.offer(command);
        scheduleDrain();
        return true;
    }

    /** Any thread: at most one drain task waits on the event loop at a time. */
    void scheduleDrain() {
        if (!drainScheduled.get() && drainScheduled.compareAndSet(false, true)) {
            if (lazyLoop != null && awaitingReplies > 0) {
                lazyLoop.lazyExecute(drain); // the next reply wakes the loop, which then runs the drain
                if (awaitingReplies == 0) {
                    eventLoop.execute(WAKE_UP); // the last reply was read meanwhile: the loop may sleep with the drain queued
                }
            } else {
                eventLoop.execute(drain);
            }
        }
    }

    /** Event loop, first thing in a drain: a command offered after this point schedules the next drain. */
    void drainStarted() {
        drainScheduled.set(false);
    }

    /** Event loop: the oldest queued command, or null. */
    CommandFuture<?> poll() {
        return commands.poll();
    }

    boolean isEmpty() {
        return commands.isEmpty();
    }

    /** Event loop, after a drain that stopped at its bound: the rest goes in a later task, so reads run in between. */
    void drainRestLater() {
        if (!commands.isEmpty()) {
            scheduleDrain();
        }
    }

    /** An internal entry (ASKING, MULTI, a handshake command) counts as unanswered like a caller's command. */
    void accepted() {
        unanswered.incrementAndGet();
    }

    /** A command left for good: answered, failed, dropped as a tombstone, or handed to another connection. */
    void answered() {
        unanswered.decrementAndGet();
    }

    /** Commands accepted and not yet answered (any thread, a recent value). */
    int unanswered() {
        return unanswered.get();
    }

    /** Event loop: one more written command awaits its reply (a release store: callers may see it late, harmlessly). */
    void replyAwaited() {
        AWAITING_REPLIES.setRelease(this, awaitingReplies + 1);
    }

    /** Event loop: a reply was matched; the last one is stored with a full fence, before the loop runs its tasks. */
    void replyArrived() {
        int left = awaitingReplies - 1;
        if (left == 0) {
            awaitingReplies = 0;
        } else {
            AWAITING_REPLIES.setRelease(this, left);
        }
    }

    /** Event loop: the channel is gone, and no reply will come for what it wrote. */
    void repliesAbandoned() {
        awaitingReplies = 0;
    }

    int maxInFlight() {
        return maxInFlight;
    }
}
