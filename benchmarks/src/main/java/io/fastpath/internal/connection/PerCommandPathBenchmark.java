package io.fastpath.internal.connection;

import io.fastpath.CommandBuilder;
import io.fastpath.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.protocol.RespDecoder;
import io.fastpath.internal.protocol.RespEncoder;
import io.fastpath.internal.protocol.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
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
 * drain's encoding into its array, {@link CommandWriter}'s way). {@code decodeMatchComplete*}: the event loop's half
 * for a blocking caller (decode one reply, match it to the FIFO's head, convert, complete the future:
 * {@link ConnectionHandler} through {@link ReplyFifo} and {@link Completions}). It sits in the connection's package
 * because those classes are package-private. Run with {@code -prof gc} for bytes allocated per command:
 *
 * <pre>
 * ./mvnw -q -DskipTests package dependency:build-classpath -Dmdep.outputFile=target/bench.classpath
 * java -cp "benchmarks/target/classes:$(cat benchmarks/target/bench.classpath)" org.openjdk.jmh.Main \
 *     PerCommandPathBenchmark -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PerCommandPathBenchmark {
    private static final String KEY = "user:000042";
    private static final String VALUE = "v".repeat(100);
    private static final long FAR_DEADLINE = Long.MAX_VALUE / 2;

    private final byte[] encoded = new byte[CommandWriter.MAX_BYTES_PER_WRITE];
    private final RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
    /** No event loop: the FIFO only counts through it, and nothing here schedules a drain. */
    private final CommandQueue queue = new CommandQueue(null, () -> { }, Integer.MAX_VALUE);
    private final ReplyFifo fifo = new ReplyFifo(queue);
    private final Completions completions = new Completions(null);
    private final ByteBuf getReply = replyBytes("$" + VALUE.length() + "\r\n" + VALUE + "\r\n");
    private final ByteBuf setReply = replyBytes("+OK\r\n");
    @SuppressWarnings("unchecked")
    private final CommandSpec<String> getSpec = (CommandSpec<String>) CommandBuilder.UTF8.get(KEY);
    @SuppressWarnings("unchecked")
    private final CommandSpec<Boolean> setSpec = (CommandSpec<Boolean>) CommandBuilder.UTF8.set(KEY, VALUE);

    private static ByteBuf replyBytes(String reply) {
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(reply.getBytes(StandardCharsets.UTF_8)));
    }

    @Benchmark
    public int buildAndEncodeGet() {
        CommandSpec<?> spec = (CommandSpec<?>) CommandBuilder.UTF8.get(KEY);
        return RespEncoder.writeCommand(encoded, 0, spec.args());
    }

    @Benchmark
    public int buildAndEncodeSet() {
        CommandSpec<?> spec = (CommandSpec<?>) CommandBuilder.UTF8.set(KEY, VALUE);
        return RespEncoder.writeCommand(encoded, 0, spec.args());
    }

    @Benchmark
    public String decodeMatchCompleteGet() {
        return answer(new CommandFuture<>(getSpec, true, FAR_DEADLINE), getReply);
    }

    @Benchmark
    public Boolean decodeMatchCompleteSet() {
        return answer(new CommandFuture<>(setSpec, true, FAR_DEADLINE), setReply);
    }

    /** The command is written (in the FIFO); its reply's bytes arrive: decode, match, convert, complete. */
    private <T> T answer(CommandFuture<T> command, ByteBuf replyBytes) {
        fifo.append(command);
        replyBytes.readerIndex(0);
        Reply reply = decoder.decode(replyBytes);
        CommandFuture<?> matched = fifo.match(reply, KEY);
        matched.prepare(reply);
        completions.complete(matched);
        return command.getNow(null);
    }
}
