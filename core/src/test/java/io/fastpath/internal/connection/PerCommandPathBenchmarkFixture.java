package io.fastpath.internal.connection;

import io.fastpath.command.CommandBuilder;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.protocol.RespDecoder;
import io.fastpath.internal.protocol.RespEncoder;
import io.fastpath.internal.protocol.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * The two ends of the per-command path for {@code io.fastpath.microbenchmarks.PerCommandPathBenchmark}, which
 * describes what each step prices. It sits in core's test tree and in the connection's package because
 * {@link CommandWriter}, {@link ReplyFifo} and {@link Completions} are package-private; core's test jar carries only
 * the {@code *BenchmarkFixture} classes. Not thread-safe: one per benchmark thread.
 */
public final class PerCommandPathBenchmarkFixture {
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

    /** The caller's half for a GET: the typed builder's CommandSpec, encoded as the drain encodes it. */
    public int buildAndEncodeGet() {
        CommandSpec<?> spec = (CommandSpec<?>) CommandBuilder.UTF8.get(KEY);
        return RespEncoder.writeCommand(encoded, 0, spec.args());
    }

    /** The caller's half for a SET of a 100-byte value. */
    public int buildAndEncodeSet() {
        CommandSpec<?> spec = (CommandSpec<?>) CommandBuilder.UTF8.set(KEY, VALUE);
        return RespEncoder.writeCommand(encoded, 0, spec.args());
    }

    /** The event loop's half for a blocking caller's GET: decode, match, convert, complete. */
    public String decodeMatchCompleteGet() {
        return answer(new CommandFuture<>(getSpec, true, FAR_DEADLINE), getReply);
    }

    /** The event loop's half for a blocking caller's SET. */
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
