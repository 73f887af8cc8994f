package io.fastpath.internal.connection;

import io.fastpath.CommandBuilder;
import io.fastpath.internal.command.CommandSpec;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 18 item 1, the middle of the per-command path ({@link PerCommandPathBenchmark} has the two ends): a caller
 * thread offers commands to a {@link CommandQueue}, which schedules its drain on a real event loop of the client's
 * transport (epoll when it loads, NIO otherwise), and the drain takes them off as {@code Connection}'s does (drain
 * started, poll up to its bound, skip what is done). What the drain hands to the writer is priced by
 * {@code buildAndEncode*}; here each taken command only counts as answered, so nothing is encoded or written.
 *
 * <ul>
 *   <li>{@code offerAndDrainBatch}: 1,000 commands offered back to back, then the caller waits until the loop has taken
 *       them all; per command: the MPSC offer, the in-flight count, the drain's scheduling (one wake-up while the loop
 *       has work, fewer as batches merge) and the poll.</li>
 *   <li>{@code offerAndDrainLoneCommand}: one command, then the caller waits until the loop took it: the hand-off a
 *       lone blocking caller pays before its command can be written, wake-up of the sleeping loop included.</li>
 * </ul>
 *
 * <p>No reply is awaited on the queue, so every drain is scheduled eagerly ({@code execute}, not {@code lazyExecute}):
 * the path of a caller with nothing in flight. The commands are built once and offered again each time (nothing
 * completes them), so {@code -prof gc} shows what queueing and draining allocate, not the future (160 B, see
 * {@code decodeMatchComplete*}). It sits in the connection's package because {@link CommandQueue} is package-private:
 *
 * <pre>
 * java -cp "benchmarks/target/classes:$(cat benchmarks/target/bench.classpath)" org.openjdk.jmh.Main \
 *     QueueAndDrainBenchmark -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QueueAndDrainBenchmark {
    static final int BATCH = 1_000;
    /** Connection's bound on commands per drain task (MAX_COMMANDS_PER_DRAIN). */
    private static final int MAX_COMMANDS_PER_DRAIN = 4096;
    private static final long FAR_DEADLINE = Long.MAX_VALUE / 2;

    private MultiThreadIoEventLoopGroup loops;
    private CommandQueue queue;
    private final CommandFuture<?>[] commands = new CommandFuture<?>[BATCH];
    /** Commands the drain has taken. Written by the event loop only; the caller spins on it. */
    private volatile long taken;
    /** Commands offered so far. Caller's thread only. */
    private long offered;

    @Setup(Level.Trial)
    public void startLoop() {
        loops = new MultiThreadIoEventLoopGroup(1, Transport.ioHandlerFactory());
        EventLoop loop = loops.next();
        queue = new CommandQueue(loop, this::drain, Integer.MAX_VALUE);
        @SuppressWarnings("unchecked")
        CommandSpec<String> get = (CommandSpec<String>) CommandBuilder.UTF8.get("user:000042");
        for (int i = 0; i < BATCH; i++) {
            commands[i] = new CommandFuture<>(get, true, FAR_DEADLINE);
        }
    }

    @TearDown(Level.Trial)
    public void stopLoop() {
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

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long offerAndDrainBatch() {
        for (CommandFuture<?> command : commands) {
            queue.offer(command);
        }
        offered += BATCH;
        return awaitTaken();
    }

    @Benchmark
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
