package io.fastpath.internal.connection;

import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.command.CommandSpec;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import java.util.concurrent.TimeUnit;

/**
 * The middle of the per-command path for {@code io.fastpath.microbenchmarks.QueueAndDrainBenchmark}, which
 * describes what it prices: a caller offers commands to a {@link CommandQueue} whose drain runs on a real event loop
 * of the client's transport. It sits in core's test tree and in the connection's package because
 * {@link CommandQueue} is package-private; core's test jar carries only the {@code *BenchmarkFixture} classes.
 * One caller thread per fixture.
 */
public final class QueueAndDrainBenchmarkFixture {
    /** Commands offered back to back by {@link #offerAndDrainBatch()}. */
    public static final int BATCH = 1_000;
    /** Connection's bound on commands per drain task (MAX_COMMANDS_PER_DRAIN). */
    private static final int MAX_COMMANDS_PER_DRAIN = 4096;
    private static final long FAR_DEADLINE = Long.MAX_VALUE / 2;

    private final MultiThreadIoEventLoopGroup loops;
    private final CommandQueue queue;
    private final CommandFuture<?>[] commands = new CommandFuture<?>[BATCH];
    /** Commands the drain has taken. Written by the event loop only; the caller spins on it. */
    private volatile long taken;
    /** Commands offered so far. Caller's thread only. */
    private long offered;

    /** Starts one event loop (epoll when it loads, NIO otherwise) and builds the commands once. */
    public QueueAndDrainBenchmarkFixture() {
        loops = new MultiThreadIoEventLoopGroup(1, Transport.ioHandlerFactory());
        EventLoop loop = loops.next();
        queue = new CommandQueue(loop, this::drain, Integer.MAX_VALUE);
        @SuppressWarnings("unchecked")
        CommandSpec<String> get = (CommandSpec<String>) CommandBuilder.UTF8.get("user:000042");
        for (int i = 0; i < BATCH; i++) {
            commands[i] = new CommandFuture<>(get, true, FAR_DEADLINE);
        }
    }

    /** Stops the event loop. */
    public void stop() {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Event loop: {@code Connection.drain}'s queue part, each taken command then counted as answered. */
    private void drain() {
        queue.drainStarted();
        int drained = 0;
        CommandFuture<?> command;
        while (drained < MAX_COMMANDS_PER_DRAIN && (command = queue.poll()) != null) {
            drained++;
            if (command.isDone()) {
                throw new IllegalStateException("no command here is ever completed");
            }
            queue.answered();
        }
        taken += drained; // only this thread writes it
        queue.drainRestLater();
    }

    /** {@link #BATCH} commands offered back to back, then waits until the loop has taken them all. */
    public long offerAndDrainBatch() {
        for (CommandFuture<?> command : commands) {
            queue.offer(command);
        }
        offered += BATCH;
        return awaitTaken();
    }

    /** One command, then waits until the loop took it. */
    public long offerAndDrainLoneCommand() {
        queue.offer(commands[0]);
        offered++;
        return awaitTaken();
    }

    /** Spins until the loop has taken every command offered: the caller's wait, without parking it. */
    private long awaitTaken() {
        long target = offered;
        long seen;
        while ((seen = taken) < target) {
            Thread.onSpinWait();
        }
        return seen;
    }
}
