package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.decodeOne;
import static io.fastpath.internal.protocol.DecoderFeed.decodeWhole;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BigNumberReply;
import io.fastpath.command.Reply.BooleanReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.DoubleReply;
import io.fastpath.command.Reply.ErrorReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.PushReply;
import io.fastpath.command.Reply.SetReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.fastpath.command.Reply.VerbatimStringReply;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RespDecoderTypesTest {

    @Test
    void simpleStringDecodesToItsUtf8Text() {
        assertThat(decodeOne("+hello wörld\r\n")).isEqualTo(new SimpleStringReply("hello wörld"));
    }

    @Test
    void emptySimpleStringIsAllowed() {
        assertThat(decodeOne("+\r\n")).isEqualTo(new SimpleStringReply(""));
    }

    @Test
    void okPongAndQueuedAreSharedInstances() {
        assertThat(decodeOne("+OK\r\n")).isSameAs(SimpleStringReply.OK);
        assertThat(decodeOne("+PONG\r\n")).isSameAs(SimpleStringReply.PONG);
        assertThat(decodeOne("+QUEUED\r\n")).isSameAs(SimpleStringReply.QUEUED);
    }

    @Test
    void stringsThatOnlyResembleSharedOnesAreDecodedAsWritten() {
        assertThat(decodeOne("+OX\r\n")).isEqualTo(new SimpleStringReply("OX"));
        assertThat(decodeOne("+PONGS\r\n")).isEqualTo(new SimpleStringReply("PONGS"));
        assertThat(decodeOne("+QUEUEX\r\n")).isEqualTo(new SimpleStringReply("QUEUEX"));
    }

    @Test
    void simpleErrorKeepsItsMessageAndCode() {
        Reply reply = decodeOne("-WRONGTYPE Operation against a key\r\n");

        assertThat(reply).isEqualTo(new ErrorReply("WRONGTYPE Operation against a key", false));
        assertThat(((ErrorReply) reply).code()).isEqualTo("WRONGTYPE");
    }

    @Test
    void bulkErrorIsMarkedBulkAndMayContainCrLf() {
        assertThat(decodeOne("!22\r\nSYNTAX invalid\r\nsyntax\r\n"))
                .isEqualTo(new ErrorReply("SYNTAX invalid\r\nsyntax", true));
    }

    @Test
    void integersDecodeWithSignAndFullRange() {
        assertThat(decodeOne(":0\r\n")).isEqualTo(new IntegerReply(0));
        assertThat(decodeOne(":+42\r\n")).isEqualTo(new IntegerReply(42));
        assertThat(decodeOne(":-1000\r\n")).isEqualTo(new IntegerReply(-1000));
        assertThat(decodeOne(":9223372036854775807\r\n")).isEqualTo(new IntegerReply(Long.MAX_VALUE));
        assertThat(decodeOne(":-9223372036854775808\r\n")).isEqualTo(new IntegerReply(Long.MIN_VALUE));
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 0, 1, 127})
    void smallIntegersAreSharedInstances(long value) {
        Reply first = decodeOne(":" + value + "\r\n");

        assertThat(decodeOne(":" + value + "\r\n")).isSameAs(first);
        assertThat(first).isEqualTo(new IntegerReply(value));
    }

    @Test
    void integersOutsideTheCacheAreFreshInstances() {
        assertThat(decodeOne(":128\r\n")).isNotSameAs(decodeOne(":128\r\n")).isEqualTo(new IntegerReply(128));
    }

    @Test
    void bulkStringIsBinarySafe() {
        byte[] payload = {'a', '\r', '\n', 0, (byte) 0xff, '$'};
        byte[] wire = new byte[4 + payload.length + 2];
        System.arraycopy(ascii("$6\r\n"), 0, wire, 0, 4);
        System.arraycopy(payload, 0, wire, 4, payload.length);
        wire[wire.length - 2] = '\r';
        wire[wire.length - 1] = '\n';

        assertThat(decodeWhole(wire)).containsExactly(new BulkStringReply(payload));
    }

    @Test
    void emptyBulkStringIsNotNull() {
        assertThat(decodeOne("$0\r\n\r\n")).isEqualTo(new BulkStringReply(new byte[0]));
    }

    @Test
    void resp2NullBulkStringAndNullArrayDecodeToTheSharedNull() {
        assertThat(decodeOne("$-1\r\n")).isSameAs(NullReply.INSTANCE);
        assertThat(decodeOne("*-1\r\n")).isSameAs(NullReply.INSTANCE);
    }

    @Test
    void resp3NullDecodesToTheSharedNull() {
        assertThat(decodeOne("_\r\n")).isSameAs(NullReply.INSTANCE);
    }

    @Test
    void booleansAreSharedInstances() {
        assertThat(decodeOne("#t\r\n")).isSameAs(BooleanReply.TRUE);
        assertThat(decodeOne("#f\r\n")).isSameAs(BooleanReply.FALSE);
    }

    @Test
    void doublesIncludeExponentsInfinitiesAndNan() {
        assertThat(decodeOne(",3.14\r\n")).isEqualTo(new DoubleReply(3.14));
        assertThat(decodeOne(",-1.5e-3\r\n")).isEqualTo(new DoubleReply(-1.5e-3));
        assertThat(decodeOne(",1E10\r\n")).isEqualTo(new DoubleReply(1e10));
        assertThat(decodeOne(",10\r\n")).isEqualTo(new DoubleReply(10));
        assertThat(decodeOne(",-0.0\r\n")).isEqualTo(new DoubleReply(-0.0));
        assertThat(decodeOne(",inf\r\n")).isEqualTo(new DoubleReply(Double.POSITIVE_INFINITY));
        assertThat(decodeOne(",-inf\r\n")).isEqualTo(new DoubleReply(Double.NEGATIVE_INFINITY));
        assertThat(decodeOne(",nan\r\n")).isEqualTo(new DoubleReply(Double.NaN));
    }

    @Test
    void bigNumberKeepsEveryDigit() {
        assertThat(decodeOne("(3492890328409238509324850943850943825024385\r\n"))
                .isEqualTo(new BigNumberReply(new BigInteger("3492890328409238509324850943850943825024385")));
        assertThat(decodeOne("(-12345678901234567890\r\n"))
                .isEqualTo(new BigNumberReply(new BigInteger("-12345678901234567890")));
    }

    @Test
    void verbatimStringSplitsFormatFromText() {
        assertThat(decodeOne("=15\r\ntxt:Some string\r\n")).isEqualTo(new VerbatimStringReply("txt", "Some string"));
        assertThat(decodeOne("=4\r\nmkd:\r\n")).isEqualTo(new VerbatimStringReply("mkd", ""));
    }

    @Test
    void nestedArrayKeepsElementOrder() {
        assertThat(decodeOne("*3\r\n:1\r\n*2\r\n+a\r\n$1\r\nb\r\n_\r\n")).isEqualTo(new ArrayReply(List.of(
                new IntegerReply(1),
                new ArrayReply(List.of(new SimpleStringReply("a"), new BulkStringReply(ascii("b")))),
                NullReply.INSTANCE)));
    }

    @Test
    void mapKeepsWireOrder() {
        Reply reply = decodeOne("%3\r\n+z\r\n:1\r\n+a\r\n:2\r\n+m\r\n:3\r\n");

        assertThat(reply).isInstanceOf(MapReply.class);
        assertThat(((MapReply) reply).entries().keySet()).containsExactly(
                new SimpleStringReply("z"), new SimpleStringReply("a"), new SimpleStringReply("m"));
        assertThat(((MapReply) reply).entries().values()).containsExactly(
                new IntegerReply(1), new IntegerReply(2), new IntegerReply(3));
    }

    @Test
    void setKeepsWireOrder() {
        assertThat(decodeOne("~3\r\n:3\r\n:1\r\n:2\r\n"))
                .isEqualTo(new SetReply(List.of(new IntegerReply(3), new IntegerReply(1), new IntegerReply(2))));
    }

    @Test
    void pushAtTopLevelIsReturnedAsPush() {
        Reply reply = decodeOne(">3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$2\r\nhi\r\n");

        assertThat(reply).isInstanceOf(PushReply.class);
        assertThat(((PushReply) reply).kind()).isEqualTo("message");
        assertThat(((PushReply) reply).elements()).hasSize(3);
    }

    @Test
    void emptyAggregatesDecodeToEmptyCollections() {
        assertThat(decodeOne("*0\r\n")).isEqualTo(new ArrayReply(List.of()));
        assertThat(decodeOne("%0\r\n")).isEqualTo(new MapReply(java.util.Map.of()));
        assertThat(decodeOne("~0\r\n")).isEqualTo(new SetReply(List.of()));
        assertThat(decodeOne(">0\r\n")).isEqualTo(new PushReply(List.of()));
    }

    @Test
    void consecutiveRepliesInOneBufferComeOutInOrder() {
        assertThat(decodeWhole(ascii("+OK\r\n:5\r\n$-1\r\n*1\r\n#t\r\n")))
                .containsExactly(SimpleStringReply.OK, new IntegerReply(5), NullReply.INSTANCE,
                        new ArrayReply(List.of(BooleanReply.TRUE)));
    }
}
