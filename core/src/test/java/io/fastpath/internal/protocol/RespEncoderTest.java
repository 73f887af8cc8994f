package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.decodeWhole;
import static io.fastpath.internal.protocol.DecoderFeed.encoded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RespEncoderTest {

    private static byte[][] args(String... words) {
        return Arrays.stream(words).map(DecoderFeed::ascii).toArray(byte[][]::new);
    }

    /** The wire form built the slow, obvious way, to check the tables and digit writing against. */
    private static String expectedWire(byte[][] args) {
        StringBuilder wire = new StringBuilder("*").append(args.length).append("\r\n");
        for (byte[] arg : args) {
            wire.append('$').append(arg.length).append("\r\n").append(new String(arg, StandardCharsets.ISO_8859_1)).append("\r\n");
        }
        return wire.toString();
    }

    @Test
    void commandIsAnArrayOfBulkStrings() {
        assertThat(new String(encoded(args("SET", "key", "value")), StandardCharsets.US_ASCII))
                .isEqualTo("*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$5\r\nvalue\r\n");
    }

    @Test
    void emptyArgumentIsAZeroLengthBulkString() {
        assertThat(new String(encoded(args("GET", "")), StandardCharsets.US_ASCII))
                .isEqualTo("*2\r\n$3\r\nGET\r\n$0\r\n\r\n");
    }

    @ParameterizedTest
    @ValueSource(ints = {9, 10, 99, 100, 101, 999, 1000, 65536})
    void bulkHeadersAroundTheTableEdgeMatchTheDecimalLength(int length) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) 'x');
        byte[][] command = {ascii("SET"), value};

        assertThat(new String(encoded(command), StandardCharsets.ISO_8859_1)).isEqualTo(expectedWire(command));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 9, 10, 32, 33, 100, 1234})
    void arrayHeadersAroundTheTableEdgeMatchTheArgumentCount(int count) {
        byte[][] command = new byte[count][];
        for (int index = 0; index < count; index++) {
            command[index] = ascii("a" + index);
        }

        assertThat(new String(encoded(command), StandardCharsets.ISO_8859_1)).isEqualTo(expectedWire(command));
    }

    @Test
    void encodedLengthIsExactlyWhatIsWritten() {
        byte[][] command = args("HSET", "h", "f".repeat(150), "v".repeat(5));
        int length = RespEncoder.encodedLength(command);
        ByteBuf out = Unpooled.buffer(0, length);
        try {
            RespEncoder.writeCommand(out, command);

            assertThat(out.readableBytes()).isEqualTo(length);
        } finally {
            out.release();
        }
    }

    @Test
    void commandIsAppendedAfterWhatTheBufferAlreadyHolds() {
        ByteBuf out = Unpooled.buffer();
        try {
            RespEncoder.writeCommand(out, args("PING"));
            RespEncoder.writeCommand(out, args("ECHO", "hi"));

            assertThat(out.toString(StandardCharsets.US_ASCII))
                    .isEqualTo("*1\r\n$4\r\nPING\r\n*2\r\n$4\r\nECHO\r\n$2\r\nhi\r\n");
        } finally {
            out.release();
        }
    }

    @Test
    void binaryArgumentsDecodeBackUnchanged() {
        byte[][] command = {ascii("SET"), {0, '\r', '\n', (byte) 0xff}};

        List<Reply> decoded = decodeWhole(encoded(command));

        assertThat(decoded).containsExactly(new ArrayReply(
                List.of(new BulkStringReply(command[0]), new BulkStringReply(command[1]))));
    }

    @Test
    void commandWithoutArgumentsIsRejected() {
        ByteBuf out = Unpooled.buffer();
        try {
            assertThatThrownBy(() -> RespEncoder.writeCommand(out, new byte[0][]))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(out.isReadable()).isFalse();
        } finally {
            out.release();
        }
    }

    @Test
    void decimalDigitsCountsEveryMagnitude() {
        assertThat(RespEncoder.decimalDigits(0)).isEqualTo(1);
        assertThat(RespEncoder.decimalDigits(9)).isEqualTo(1);
        assertThat(RespEncoder.decimalDigits(10)).isEqualTo(2);
        assertThat(RespEncoder.decimalDigits(999_999_999)).isEqualTo(9);
        assertThat(RespEncoder.decimalDigits(1_000_000_000)).isEqualTo(10);
        assertThat(RespEncoder.decimalDigits(Integer.MAX_VALUE)).isEqualTo(10);
    }

    /** The array form the drain uses, at an offset, as a String. */
    private static String encodedIntoArray(byte[][] command, int offset) {
        byte[] out = new byte[offset + (int) RespEncoder.maxEncodedLength(command)];
        int end = RespEncoder.writeCommand(out, offset, command);
        return new String(out, offset, end - offset, StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 9, 10, 99, 100, 101, 123, 508, 990, 999, 1000, 65536})
    void theArrayFormWritesTheSameBytesForEveryLength(int length) {
        byte[] value = new byte[length];
        Arrays.fill(value, (byte) 'x');
        byte[][] command = {ascii("SET"), ascii("key"), value};

        assertThat(encodedIntoArray(command, 7)).isEqualTo(expectedWire(command));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 9, 10, 99, 100, 507, 1234})
    void theArrayFormWritesTheSameBytesForEveryArgumentCount(int count) {
        byte[][] command = new byte[count][];
        for (int index = 0; index < count; index++) {
            command[index] = ascii("a" + index);
        }

        assertThat(encodedIntoArray(command, 3)).isEqualTo(expectedWire(command));
    }

    @Test
    void theArrayFormNeverNeedsMoreThanItsBound() {
        byte[][] command = args("HSET", "h", "f".repeat(150), "v".repeat(5));
        byte[] out = new byte[(int) RespEncoder.maxEncodedLength(command)];

        int end = RespEncoder.writeCommand(out, 0, command);

        assertThat(end).isEqualTo(RespEncoder.encodedLength(command)).isLessThanOrEqualTo(out.length);
    }
}
