package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.growableBuffer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.ThreadMXBean;
import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.IntegerReply;
import io.netty.buffer.ByteBuf;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RespDecoderMalformedInputTest {

    private static AbstractThrowableAssert<?, ? extends Throwable> assertDecodingFails(RespDecoder decoder, String wire) {
        ByteBuf in = growableBuffer(wire);
        try {
            return assertThatThrownBy(() -> {
                while (decoder.decode(in) != null) {
                    // Frames before the malformed one are valid; keep draining to reach it.
                }
            }).isInstanceOf(RedisProtocolException.class);
        } finally {
            in.release();
        }
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertDecodingFails(String wire) {
        return assertDecodingFails(new RespDecoder(RespLimits.DEFAULTS), wire);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "@5\\r\\n                         | unknown RESP type byte 0x40",
        "A\\r\\n                          | unknown RESP type byte 0x41",
        "\\r\\n                           | unknown RESP type byte 0x0d",
        "$-5\\r\\n                        | negative length -5",
        "*-2\\r\\n                        | negative length -2",
        "%-1\\r\\n                        | negative length -1",
        "!-1\\r\\n                        | negative length -1",
        ":12a\\r\\n                       | non-digit byte 0x61",
        ":1 2\\r\\n                       | non-digit byte 0x20",
        "*x\\r\\n                         | non-digit byte 0x78",
        ":\\r\\n                          | has no digits",
        ":-\\r\\n                         | has no digits",
        "$\\r\\n                          | has no digits",
        ":12\\n                           | LF without CR",
        "(12\\n                           | LF without CR",
        "$3\\r\\nfooXY                    | not followed by CRLF",
        ":99999999999999999999\\r\\n      | overflows a 64-bit integer",
        ":-9223372036854775809\\r\\n      | overflows a 64-bit integer",
        "$123456789012345678901\\r\\n     | longest valid '$' line of 20 bytes",
        "#x\\r\\n                         | exactly 't' or 'f'",
        "#\\r\\n                          | exactly 't' or 'f'",
        "_x\\r\\n                         | must have no content",
        ",abc\\r\\n                       | not valid in a double",
        ",\\r\\n                          | has no digits",
        ",1.2.3\\r\\n                     | malformed double",
        "(12a\\r\\n                       | non-digit byte 0x61 in big number",
        "(-\\r\\n                         | has no digits",
        "=3\\r\\ntxt\\r\\n                | three-byte format and ':'",
        "=5\\r\\ntxt-x\\r\\n              | three-byte format and ':'",
        "*2\\r\\n:1\\r\\n?\\r\\n          | unknown RESP type byte 0x3f",
    })
    void malformedFrameFailsWithAMessageSayingWhy(String escapedWire, String expectedMessagePart) {
        String wire = escapedWire.replace("\\r", "\r").replace("\\n", "\n");

        assertDecodingFails(wire).hasMessageContaining(expectedMessagePart);
    }

    @Test
    void hugeBulkLengthFailsNamingTheLimit() {
        assertDecodingFails("$9999999999\r\n")
                .hasMessage("bulk length 9999999999 exceeds maxBulkLength=536870912");
    }

    @Test
    void bulkOneByteOverTheLimitFailsBeforeThePayloadArrives() {
        assertDecodingFails(new RespDecoder(new RespLimits(10, 100, 8)), "$11\r\n")
                .hasMessage("bulk length 11 exceeds maxBulkLength=10");
    }

    @Test
    void bulkErrorAndVerbatimStringAreBoundByTheBulkLimit() {
        RespLimits limits = new RespLimits(10, 100, 8);

        assertDecodingFails(new RespDecoder(limits), "!11\r\n").hasMessageContaining("maxBulkLength=10");
        assertDecodingFails(new RespDecoder(limits), "=11\r\n").hasMessageContaining("maxBulkLength=10");
    }

    @Test
    void unterminatedSimpleStringLongerThanTheBulkLimitFailsWithoutWaitingForCrLf() {
        assertDecodingFails(new RespDecoder(new RespLimits(10, 100, 8)), "+" + "x".repeat(12))
                .hasMessageContaining("maxBulkLength=10");
    }

    @Test
    void unterminatedIntegerLineFailsOnceItCannotBeValid() {
        assertDecodingFails(":" + "1".repeat(30)).hasMessageContaining("longest valid ':' line of 20 bytes");
    }

    @Test
    void arrayLengthOfFourBillionFailsNamingTheLimit() {
        assertDecodingFails("*4294967295\r\n")
                .hasMessage("aggregate length 4294967295 exceeds maxAggregateLength=16777216");
    }

    @Test
    void mapWithTwoToTheSixtySecondPairsFailsNamingTheLimit() {
        assertDecodingFails("%4611686018427387904\r\n")
                .hasMessage("aggregate length 4611686018427387904 exceeds maxAggregateLength=16777216");
    }

    @Test
    void attributeLengthIsBoundByTheAggregateLimit() {
        assertDecodingFails("|16777217\r\n").hasMessageContaining("maxAggregateLength=16777216");
    }

    @Test
    void arrayOneElementOverTheLimitFailsBeforeAllocating() {
        ThreadMXBean allocations = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        long threadId = Thread.currentThread().getId();
        long allocatedBefore = allocations.getThreadAllocatedBytes(threadId);

        assertDecodingFails(decoder, "*16777217\r\n")
                .hasMessage("aggregate length 16777217 exceeds maxAggregateLength=16777216");

        long allocated = allocations.getThreadAllocatedBytes(threadId) - allocatedBefore;
        assertThat(allocated).as("bytes allocated while rejecting the header").isLessThan(16L * 1024 * 1024);
    }

    @Test
    void arrayAtTheAggregateLimitIsAccepted() {
        RespDecoder decoder = new RespDecoder(new RespLimits(100, 3, 8));
        ByteBuf in = growableBuffer("*3\r\n:1\r\n:2\r\n:3\r\n");
        try {
            assertThat(decoder.decode(in)).isEqualTo(new ArrayReply(
                    List.of(new IntegerReply(1), new IntegerReply(2), new IntegerReply(3))));
        } finally {
            in.release();
        }
    }

    @Test
    void hundredThousandDeepNestingFailsOnTheDepthLimit() {
        assertDecodingFails("*1\r\n".repeat(100_000) + ":1\r\n")
                .hasMessage("nesting depth 129 exceeds maxNestingDepth=128");
    }

    @Test
    void deepNestingOfMapsSetsPushesAndAttributesFailsOnTheDepthLimit() {
        String layers = "%1\r\n+k\r\n~1\r\n>1\r\n|1\r\n+a\r\n";

        assertDecodingFails(layers.repeat(25_000)).hasMessageContaining("exceeds maxNestingDepth=128");
    }

    @Test
    void nestingExactlyAtTheDepthLimitDecodes() {
        String wire = "*1\r\n".repeat(128) + ":7\r\n";
        ByteBuf in = growableBuffer(wire);
        try {
            Reply reply = new RespDecoder(RespLimits.DEFAULTS).decode(in);

            int depth = 0;
            while (reply instanceof ArrayReply array) {
                depth++;
                reply = array.elements().get(0);
            }
            assertThat(depth).isEqualTo(128);
            assertThat(reply).isEqualTo(new IntegerReply(7));
        } finally {
            in.release();
        }
    }

    @Test
    void decoderRefusesFurtherInputAfterAFailure() {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);
        assertDecodingFails(decoder, "@\r\n");

        assertDecodingFails(decoder, "+OK\r\n").hasMessageContaining("already failed");
    }
}
