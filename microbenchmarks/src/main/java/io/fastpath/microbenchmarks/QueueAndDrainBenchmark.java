package io.fastpath.microbenchmarks;

import io.fastpath.internal.connection.QueueAndDrainBenchmarkFixture;
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
 * thread offers commands to the connection's CommandQueue, which schedules its drain on a real event loop of the
 * client's transport (epoll when it loads, NIO otherwise), and the drain takes them off as {@code Connection}'s does
 * (drain started, poll up to its bound, skip what is done). What the drain hands to the writer is priced by
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
 * {@code decodeMatchComplete*}). CommandQueue is package-private, so {@link QueueAndDrainBenchmarkFixture} from core's
 * test jar does the work: {@code scripts/bench-micro QueueAndDrainBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QueueAndDrainBenchmark {
    private QueueAndDrainBenchmarkFixture queue;

    @Setup(Level.Trial)
    public void startLoop() {
        queue = new QueueAndDrainBenchmarkFixture();
    }

    @TearDown(Level.Trial)
    public void stopLoop() {
        queue.stop();
    }

    @Benchmark
    @OperationsPerInvocation(QueueAndDrainBenchmarkFixture.BATCH)
    public long offerAndDrainBatch() {
        return queue.offerAndDrainBatch();
    }

    @Benchmark
    public long offerAndDrainLoneCommand() {
        return queue.offerAndDrainLoneCommand();
    }
}
