package io.fastpath.internal.connection;

import io.fastpath.RedisNotSentException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Commands refused by a server that is changing roles (TRYAGAIN, CLUSTERDOWN, READONLY from a demoted
 * primary...) and waiting to be routed again: the refusal was their own reply, so the server did not run
 * them and they left their FIFO. Each waits 5 ms doubling to 200 ms, jittered between half and all of
 * that so a burst of refusals does not come back in lockstep, while its deadline allows; on close, those
 * still waiting fail not-sent (the event loops that would run them stop).
 *
 * <p>Thread-safe: event loops add, the scheduled retries and {@link #failAll} remove.
 */
public final class RefusalRetries {
    private static final long FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final Set<CommandFuture<?>> waiting = ConcurrentHashMap.newKeySet();

    /**
     * Backs {@code command} off and then hands it to {@code resend} on {@code from}'s event loop; false (the
     * caller gets the refusal) when its deadline comes before the next attempt or the loop is shutting down.
     */
    public boolean retryLater(CommandFuture<?> command, Connection from, Consumer<CommandFuture<?>> resend) {
        long delay = delayNanos(command.countRetry());
        if (command.deadlineNanos() - System.nanoTime() <= delay) {
            return false;
        }
        command.prepareResend(false);
        waiting.add(command);
        try {
            from.eventLoop().schedule(() -> {
                if (!waiting.remove(command)) {
                    return; // failAll came first
                }
                if (command.isDone()) {
                    command.settle(); // given up while it waited: dropped, it can no longer run
                } else {
                    resend.accept(command);
                }
            }, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            waiting.remove(command);
            return false;
        }
        return true;
    }

    /** Counts a command as waiting for something else (a topology refresh), so {@link #failAll} covers it too. */
    public void add(CommandFuture<?> command) {
        waiting.add(command);
    }

    /** True when {@code command} was still waiting: whoever removes it first runs or fails it. */
    public boolean remove(CommandFuture<?> command) {
        return waiting.remove(command);
    }

    /** Fails every command still waiting with {@link RedisNotSentException} saying {@code why}. */
    public void failAll(String why) {
        for (CommandFuture<?> command : waiting) {
            if (waiting.remove(command)) {
                command.completeExceptionally(new RedisNotSentException(command.spec().name(), why, null));
            }
        }
    }

    /** The wait before retry number {@code attempt} (1 for the first). */
    static long delayNanos(int attempt) {
        long delay = Math.min(MAX_NANOS, FIRST_NANOS << Math.min(Math.max(attempt, 1) - 1, 10));
        return delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
    }
}
