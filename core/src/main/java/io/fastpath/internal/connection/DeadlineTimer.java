package io.fastpath.internal.connection;

import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;

/**
 * Deadline expiry: one timer per connection, armed for the earliest deadline among its queued, waiting and written
 * commands; when it fires, it fails what expired and re-arms for the next. No periodic sweep: a deadline is as
 * accurate as the event loop's timer.
 *
 * <p>Thread ownership: the connection's event loop only.
 */
final class DeadlineTimer {
    private final Connection connection;
    private final EventLoop eventLoop;
    private ScheduledFuture<?> timer;
    private long armedAt = Long.MAX_VALUE;

    DeadlineTimer(Connection connection, EventLoop eventLoop) {
        this.connection = connection;
        this.eventLoop = eventLoop;
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
        expire();
    }

    /** Times out every command past its deadline; written ones stay in the FIFO as tombstones. */
    private void expire() {
        long now = System.nanoTime();
        long next = Long.MAX_VALUE;
        ConnectionHandler handler = connection.cycle.handler;
        if (handler != null) {
            for (CommandFuture<?> command : handler.fifo()) {
                if (command.isDone()) {
                    continue;
                }
                if (command.deadlineNanos - now <= 0) {
                    command.completeExceptionally(new RedisTimeoutException(FailureText.timedOut(connection, true), true));
                } else {
                    next = Math.min(next, command.deadlineNanos);
                }
            }
        }
        WaitingRoom waitingRoom = connection.waitingRoom;
        CommandQueue queue = connection.queue();
        Iterator<CommandFuture<?>> iterator = waitingRoom.commands().iterator();
        while (iterator.hasNext()) {
            CommandFuture<?> command = iterator.next();
            if (command.isDone()) {
                iterator.remove();
                queue.answered();
                command.settle(); // given up while it waited, and now dropped unwritten
            } else if (command.deadlineNanos - now <= 0) {
                iterator.remove();
                queue.answered();
                command.completeExceptionally(expiredWhileWaiting(command, waitingRoom));
            } else {
                next = Math.min(next, command.deadlineNanos);
            }
        }
        if (next != Long.MAX_VALUE) {
            arm(next);
        }
    }

    /** The failure of a command whose deadline passed in the waiting room: what kept it there. */
    private RuntimeException expiredWhileWaiting(CommandFuture<?> command, WaitingRoom waitingRoom) {
        String endpoint = connection.endpoint().toString();
        Throwable lastFailure = connection.cycle.lastFailure;
        boolean ready = connection.cycle.state == ConnectCycle.State.READY;
        return command.sentBefore()
                ? new RedisOutcomeUnknownException(endpoint, "its connection was lost and it could not be "
                        + "sent again within the command timeout; " + FailureText.describe(lastFailure), lastFailure)
                : ready && waitingRoom.isHeld()
                ? new RedisNotSentException(endpoint, "it was held while a Sentinel failover of this "
                        + "server was in progress and the failover did not end within the command timeout", null)
                : ready
                ? new RedisTimeoutException(FailureText.timedOut(connection, false), false)
                : new RedisNotSentException(endpoint, FailureText.notConnected(connection, waitingRoom.size()), lastFailure);
    }
}
