package io.fastpath.microbenchmarks;

import io.fastpath.command.CommandBuilder;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.protocol.RespEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * Scenario k's multiSet without a socket or a server: one MSET of 1,000 pairs (keys {@code j:N}, 100-byte values, the
 * raw map Spring's template hands the factory), built by the typed builder as the factory builds it
 * ({@code buildMset}, the caller's part) and encoded into a reused array as the event loop's CommandWriter encodes it
 * ({@code encodeMset}, the I/O thread's part; the copy into the channel's buffer and the socket write are not in it).
 * Per MSET: divide by 1,000 for the time per pair.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MultiSetEncodeBenchmark {
    static final int PAIRS = 1_000;
    private final Map<byte[], byte[]> pairs = new LinkedHashMap<>();
    private final CommandSpec<?> built;
    private final byte[] out;

    public MultiSetEncodeBenchmark() {
        byte[] value = "x".repeat(100).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < PAIRS; i++) {
            pairs.put(("j:" + i).getBytes(StandardCharsets.US_ASCII), value.clone());
        }
        built = (CommandSpec<?>) CommandBuilder.BYTES.mset(pairs);
        out = new byte[(int) RespEncoder.maxEncodedLength(built.args())];
    }

    @Benchmark
    public int buildMset() {
        return ((CommandSpec<?>) CommandBuilder.BYTES.mset(pairs)).args().length;
    }

    @Benchmark
    public int encodeMset() {
        return RespEncoder.writeCommand(out, 0, built.args());
    }
}
