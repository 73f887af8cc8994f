package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.written;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledHeapByteBuf;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Fuzzing of the RESP decoder by property-based generation (jqwik): valid replies split at random points,
 * valid replies mutated byte by byte, and soups of RESP tokens (type bytes, huge, negative and overflowing
 * lengths, stray CR/LF). Every input must end in replies, a wait for more bytes, or a
 * {@link RedisProtocolException}: never another exception, never an error (stack overflow, out of memory),
 * never a reply that consumed no byte, never a retained or released input buffer (the decoder copies what
 * it keeps). The CI run uses jqwik's default of 1,000 tries per property;
 * README "Faults and delivery" gives the command for a long run.
 */
class RespDecoderFuzzTest {
    /** Small limits, so announced lengths cannot make the test JVM allocate hundreds of megabytes. */
    private static final RespLimits FUZZ_LIMITS = new RespLimits(1 << 20, 10_000, 32);

    @Property(edgeCases = EdgeCasesMode.MIXIN) // mostly random tries: edge cases alone would use up a short run
    void severalValidRepliesSplitAtRandomPointsDecodeToTheSameReplies(
            @ForAll @Size(min = 1, max = 3) List<@From("replies") Reply> replies,
            @ForAll @Size(max = 12) List<@IntRange(min = 0, max = 1_000_000) Integer> cutSeeds) {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (Reply reply : replies) {
            wire.writeBytes(written(reply, true));
        }
        byte[] bytes = wire.toByteArray();
        Outcome outcome = feed(new RespDecoder(RespLimits.DEFAULTS), bytes, cutsFrom(cutSeeds, bytes.length));
        assertThat(outcome.failure).isNull();
        assertThat(outcome.replies).containsExactlyElementsOf(replies);
        assertThat(outcome.leftOver).isZero();
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN) // mostly random tries: edge cases alone would use up a short run
    void mutatedRepliesFailWithAProtocolErrorOrWaitForMoreBytes(
            @ForAll("replies") Reply reply,
            @ForAll @Size(min = 1, max = 6) List<@From("mutations") Mutation> mutations,
            @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 1_000_000) Integer> cutSeeds) {
        byte[] bytes = written(reply, true);
        for (Mutation mutation : mutations) {
            bytes = mutation.apply(bytes);
        }
        feed(new RespDecoder(FUZZ_LIMITS), bytes, cutsFrom(cutSeeds, bytes.length));
    }

    @Property(edgeCases = EdgeCasesMode.MIXIN) // mostly random tries: edge cases alone would use up a short run
    void soupsOfRespTokensFailWithAProtocolErrorOrWaitForMoreBytes(
            @ForAll @Size(min = 1, max = 40) List<@From("tokens") String> tokens,
            @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 1_000_000) Integer> cutSeeds) {
        byte[] bytes = String.join("", tokens).getBytes(StandardCharsets.ISO_8859_1);
        feed(new RespDecoder(FUZZ_LIMITS), bytes, cutsFrom(cutSeeds, bytes.length));
    }

    @Provide
    Arbitrary<Reply> replies() {
        return new RespRoundTripPropertyTest().replies();
    }

    @Provide
    Arbitrary<String> tokens() {
        return Arbitraries.oneOf(
                Arbitraries.of("+", "-", ":", "$", "*", "%", "~", ">", "|", "_", "#", ",", "(", "!", "=", "?", ";", ".", "@"),
                Arbitraries.of("\r\n", "\r", "\n", "OK", "ERR x", "t", "f", "inf", "-inf", "nan", "txt:", "0", "-1", "-2",
                        "2147483648", "9999999999", "4294967295", "4611686018427387904", "9223372036854775808",
                        "-9223372036854775809", "1e400", "00000000000000000000001"),
                Arbitraries.integers().between(-3, 70_000).map(String::valueOf),
                Arbitraries.strings().ofMaxLength(6),
                Arbitraries.of("*1\r\n".repeat(40), "|1\r\n+a\r\n+b\r\n", ">2\r\n+p\r\n:1\r\n"));
    }

    @Provide
    Arbitrary<Mutation> mutations() {
        Arbitrary<Integer> positions = Arbitraries.integers().between(0, 1_000_000);
        Arbitrary<Byte> bytes = Arbitraries.oneOf(Arbitraries.bytes(),
                Arbitraries.of((byte) '\r', (byte) '\n', (byte) '-', (byte) '9', (byte) '*', (byte) '$', (byte) '|'));
        return Arbitraries.oneOf(
                Combinators.combine(positions, bytes).as((at, value) -> new Mutation("replace", at, value)),
                Combinators.combine(positions, bytes).as((at, value) -> new Mutation("insert", at, value)),
                positions.map(at -> new Mutation("delete", at, (byte) 0)),
                positions.map(at -> new Mutation("truncate", at, (byte) 0)),
                positions.map(at -> new Mutation("double", at, (byte) 0)));
    }

    /** One edit of a frame's bytes at a position taken modulo its length. */
    record Mutation(String kind, int seed, byte value) {
        byte[] apply(byte[] in) {
            if (in.length == 0) {
                return new byte[] {value};
            }
            int at = seed % in.length;
            return switch (kind) {
                case "replace" -> {
                    byte[] out = in.clone();
                    out[at] = value;
                    yield out;
                }
                case "insert" -> {
                    byte[] out = new byte[in.length + 1];
                    System.arraycopy(in, 0, out, 0, at);
                    out[at] = value;
                    System.arraycopy(in, at, out, at + 1, in.length - at);
                    yield out;
                }
                case "delete" -> {
                    byte[] out = new byte[in.length - 1];
                    System.arraycopy(in, 0, out, 0, at);
                    System.arraycopy(in, at + 1, out, at, in.length - at - 1);
                    yield out;
                }
                case "truncate" -> Arrays.copyOf(in, at);
                default -> { // a frame followed by a copy of its own head: two replies glued mid-way
                    byte[] out = Arrays.copyOf(in, in.length + at);
                    System.arraycopy(in, 0, out, in.length, at);
                    yield out;
                }
            };
        }
    }

    private static int[] cutsFrom(List<Integer> seeds, int length) {
        return seeds.stream().mapToInt(seed -> seed % (length + 1)).sorted().toArray();
    }

    /** What a byte stream came to: replies, an optional protocol error, and bytes still waiting. */
    record Outcome(List<Reply> replies, RedisProtocolException failure, int leftOver) {}

    /**
     * Feeds the chunks as the connection handler does (one pooled cumulation, consumed bytes discarded)
     * and stops at the first protocol error, as the connection closes there. Anything else thrown fails
     * the property.
     */
    private static Outcome feed(RespDecoder decoder, byte[] bytes, int[] cuts) {
        List<Reply> replies = new ArrayList<>();
        // Not leak-tracked: PARANOID tracking records a stack trace on every byte read, making a try 100x slower.
        // The reference count check below catches a decoder that retains or releases the buffer instead.
        ByteBuf cumulation = new UnpooledHeapByteBuf(UnpooledByteBufAllocator.DEFAULT, 256, Integer.MAX_VALUE);
        try {
            int from = 0;
            for (int i = 0; i <= cuts.length; i++) {
                int to = i < cuts.length ? cuts[i] : bytes.length;
                cumulation.writeBytes(bytes, from, to - from);
                from = to;
                while (true) {
                    int before = cumulation.readerIndex();
                    Reply reply = decoder.decode(cumulation);
                    if (reply == null) {
                        break;
                    }
                    assertThat(cumulation.readerIndex()).as("a reply consumed no byte").isGreaterThan(before);
                    replies.add(reply);
                }
                cumulation.discardReadBytes();
            }
            return new Outcome(replies, null, cumulation.readableBytes());
        } catch (RedisProtocolException expected) {
            assertThat(expected.getMessage()).isNotBlank();
            return new Outcome(replies, expected, cumulation.readableBytes());
        } finally {
            assertThat(cumulation.refCnt()).as("the decoder kept or released the input buffer").isEqualTo(1);
            cumulation.release();
        }
    }
}
