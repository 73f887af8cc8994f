package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.growableBuffer;
import static io.fastpath.internal.protocol.DecoderFeed.decodeInChunksOf;
import static io.fastpath.internal.protocol.DecoderFeed.decodeSplitAt;
import static io.fastpath.internal.protocol.DecoderFeed.decodeWhole;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RespDecoderChunkingTest {

    /** One frame of every type, including RESP2 nulls, attributes and nesting. */
    static Stream<String> corpus() {
        return Stream.of(
                "+OK\r\n",
                "+hello world\r\n",
                "-ERR unknown command\r\n",
                "-ERR Unknown argument #!lua name=lib\nredis.register_function('f')\r\n",
                "+two\nlines\r\n",
                "!10\r\nSYNTAX bad\r\n",
                ":0\r\n",
                ":-9223372036854775808\r\n",
                "$5\r\nhello\r\n",
                "$0\r\n\r\n",
                "$-1\r\n",
                "*-1\r\n",
                "_\r\n",
                "#t\r\n",
                ",3.14\r\n",
                ",-inf\r\n",
                "(3492890328409238509324850943850943825024385\r\n",
                "=15\r\ntxt:Some string\r\n",
                "*3\r\n:1\r\n$3\r\nfoo\r\n*2\r\n+a\r\n_\r\n",
                "%2\r\n+first\r\n:1\r\n$6\r\nsecond\r\n~2\r\n#f\r\n,1.5\r\n",
                "~3\r\n:1\r\n:2\r\n:3\r\n",
                ">3\r\n$10\r\ninvalidate\r\n*1\r\n$3\r\nkey\r\n_\r\n",
                "|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.19\r\n*2\r\n:1\r\n|1\r\n+x\r\n_\r\n:2\r\n",
                "*0\r\n",
                "%0\r\n");
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void everyReplySplitAtEveryOffsetDecodesTheSame(String wire) {
        byte[] bytes = ascii(wire);
        List<Reply> expected = decodeWhole(bytes);
        assertThat(expected).hasSize(1);

        for (int cut = 1; cut < bytes.length; cut++) {
            assertThat(decodeSplitAt(new RespDecoder(RespLimits.DEFAULTS), bytes, cut))
                    .as("split at byte %d", cut)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void everyReplyFedOneByteAtATimeDecodesTheSame(String wire) {
        byte[] bytes = ascii(wire);

        assertThat(decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), bytes, 1)).isEqualTo(decodeWhole(bytes));
    }

    @Test
    void wholeCorpusBackToBackFedOneByteAtATimeDecodesEveryReplyInOrder() {
        List<String> frames = corpus().toList();
        byte[] stream = ascii(String.join("", frames));
        List<Reply> expected = frames.stream().map(DecoderFeed::decodeOne).toList();

        assertThat(decodeInChunksOf(new RespDecoder(RespLimits.DEFAULTS), stream, 1)).isEqualTo(expected);
    }

    @Test
    void splitCrLfWaitsForMoreBytes() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        ByteBuf in = growableBuffer("+OK\r");
        try {
            assertThat(decoder.decode(in)).isNull();
            assertThat(in.readerIndex()).isZero();

            in.writeByte('\n');
            assertThat(decoder.decode(in)).isSameAs(SimpleStringReply.OK);
            assertThat(in.isReadable()).isFalse();
        } finally {
            in.release();
        }
    }

    @Test
    void bulkStringConsumesNothingUntilPayloadAndCrLfArrive() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        ByteBuf in = growableBuffer("$5\r\nhello\r");
        try {
            assertThat(decoder.decode(in)).isNull();
            assertThat(in.readerIndex()).isZero();

            in.writeByte('\n');
            assertThat(decoder.decode(in)).isEqualTo(new BulkStringReply(ascii("hello")));
        } finally {
            in.release();
        }
    }

    @Test
    void partialAggregateConsumesItsCompleteElements() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        ByteBuf in = growableBuffer("*3\r\n:1\r\n:2\r\n:");
        try {
            assertThat(decoder.decode(in)).isNull();
            assertThat(in.readableBytes()).as("only the partial third element is left").isEqualTo(1);

            in.writeBytes(ascii("3\r\n"));
            assertThat(decoder.decode(in)).isEqualTo(new ArrayReply(
                    List.of(new IntegerReply(1), new IntegerReply(2), new IntegerReply(3))));
        } finally {
            in.release();
        }
    }

    @Test
    void partialAggregateStateSurvivesAChangeOfBuffer() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        ByteBuf first = growableBuffer("*2\r\n$3\r\nfoo\r\n$3\r\nb");
        ByteBuf second = Unpooled.buffer();
        try {
            assertThat(decoder.decode(first)).isNull();
            second.writeBytes(first);
            first.release();
            first = null;
            second.writeBytes(ascii("ar\r\n"));

            assertThat(decoder.decode(second)).isEqualTo(new ArrayReply(
                    List.of(new BulkStringReply(ascii("foo")), new BulkStringReply(ascii("bar")))));
        } finally {
            if (first != null) {
                first.release();
            }
            second.release();
        }
    }

    @Test
    void emptyBufferYieldsNothing() {
        ByteBuf in = Unpooled.buffer();
        try {
            assertThat(new RespDecoder(RespLimits.DEFAULTS).decode(in)).isNull();
        } finally {
            in.release();
        }
    }
}
