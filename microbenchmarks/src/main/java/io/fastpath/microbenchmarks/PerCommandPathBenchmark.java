package io.fastpath.microbenchmarks;

import io.fastpath.internal.connection.PerCommandPathBenchmarkFixture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 18 item 1: the client's own work per command, without a socket, a server or another thread, for GET and
 * SET of a 100-byte value. {@code buildAndEncode*}: the caller's half (the typed builder's CommandSpec, then the
 * drain's encoding into its array, CommandWriter's way). {@code decodeMatchComplete*}: the event loop's half for a
 * blocking caller (decode one reply, match it to the FIFO's head, convert, complete the future: ConnectionHandler
 * through ReplyFifo and Completions). Those classes are package-private, so the work is done by
 * {@link PerCommandPathBenchmarkFixture} from core's test jar; each call here is one call there, which the JIT inlines.
 * Run with {@code -prof gc} for bytes allocated per command: {@code scripts/bench-micro PerCommandPathBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PerCommandPathBenchmark {
    private final PerCommandPathBenchmarkFixture path = new PerCommandPathBenchmarkFixture();

    @Benchmark
    public int buildAndEncodeGet() {
        return path.buildAndEncodeGet();
    }

    @Benchmark
    public int buildAndEncodeSet() {
        return path.buildAndEncodeSet();
    }

    @Benchmark
    public String decodeMatchCompleteGet() {
        return path.decodeMatchCompleteGet();
    }

    @Benchmark
    public Boolean decodeMatchCompleteSet() {
        return path.decodeMatchCompleteSet();
    }
}
