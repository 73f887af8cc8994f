package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.decodeChunks;
import static io.fastpath.internal.protocol.DecoderFeed.decodeInChunksOf;
import static io.fastpath.internal.protocol.DecoderFeed.written;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Large bulk strings are copied into their array as they arrive; the result must not change. */
class RespDecoderStreamingTest {
    private static final int LARGE = RespDecoder.STREAMING_THRESHOLD * 3 + 17;

    private static Reply.BulkStringReply largeBulk(int seed) {
        byte[] payload = new byte[LARGE];
        new Random(seed).nextBytes(payload);
        return new Reply.BulkStringReply(payload);
    }

    @Test
    void largeBulkStringSplitAtManyOffsetsDecodesToTheSameBytes() {
        Reply expected = largeBulk(1);
        byte[] wire = written(expected, true);
        for (int cut : new int[] {1, 3, 10, 11, 12, 4096, LARGE / 2, LARGE + 8, LARGE + 9, LARGE + 10, wire.length - 1}) {
            List<byte[]> chunks = List.of(Arrays.copyOfRange(wire, 0, cut), Arrays.copyOfRange(wire, cut, wire.length));
            assertThat(decodeChunks(new RespDecoder(RespLimits.DEFAULTS), chunks)).as("cut at %d", cut).containsExactly(expected);
        }
    }

    @Test
    void largeBulkStringsInsideAnArrayFollowedByAReplyDecodeInSmallChunks() {
        Reply array = new Reply.ArrayReply(List.of(largeBulk(2), new Reply.IntegerReply(7), largeBulk(3)));
        Reply next = new Reply.SimpleStringReply("after");
        byte[] wire = concat(written(array, true), written(next, true));
        assertThat(decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), wire, 1000)).containsExactly(array, next);
    }

    @Test
    void decoderReportsTheLengthOfABulkStillArriving() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        byte[] wire = written(largeBulk(4), true);
        io.netty.buffer.ByteBuf buffer = io.netty.buffer.Unpooled.buffer();
        try {
            buffer.writeBytes(wire, 0, 5000);
            assertThat(decoder.decode(buffer)).isNull();
            assertThat(decoder.pendingBulkLength()).isEqualTo(LARGE);
            buffer.writeBytes(wire, 5000, wire.length - 5000);
            assertThat(decoder.decode(buffer)).isInstanceOf(Reply.BulkStringReply.class);
            assertThat(decoder.pendingBulkLength()).isZero();
        } finally {
            buffer.release();
        }
    }

    @Test
    void streamedPayloadWithoutCrlfIsAProtocolError() {
        byte[] header = ("$" + LARGE + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[LARGE + 2];
        List<byte[]> chunks = new ArrayList<>(List.of(header, Arrays.copyOfRange(body, 0, 100), Arrays.copyOfRange(body, 100, body.length)));
        assertThatThrownBy(() -> decodeChunks(new RespDecoder(RespLimits.DEFAULTS), chunks))
                .isInstanceOf(RedisProtocolException.class).hasMessageContaining("not followed by CRLF");
    }

    @Test
    void aHeaderAnnouncingAHugeBulkAllocatesOnlyTheInitialCapacityUntilItsBytesArrive() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        io.netty.buffer.ByteBuf buffer = io.netty.buffer.Unpooled.buffer();
        try {
            buffer.writeBytes("$400000000\r\nabc".getBytes(StandardCharsets.US_ASCII));
            assertThat(decoder.decode(buffer)).isNull();
            assertThat(decoder.pendingBulkLength()).isEqualTo(400_000_000);
            assertThat(decoder.streamingCapacity()).isEqualTo(RespDecoder.STREAMING_INITIAL_CAPACITY);
        } finally {
            buffer.release();
        }
    }

    @Test
    void aBulkLongerThanTheInitialCapacityGrowsAsItArrivesAndDecodesToTheSameBytes() {
        byte[] payload = new byte[RespDecoder.STREAMING_INITIAL_CAPACITY * 2 + 123];
        new Random(5).nextBytes(payload);
        Reply expected = new Reply.BulkStringReply(payload);
        byte[] wire = concat(written(expected, true), written(new Reply.IntegerReply(1), true));
        assertThat(decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), wire, 1 << 20))
                .containsExactly(expected, new Reply.IntegerReply(1));
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
