package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.written;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RespWriterTest {

    private static String resp3(Reply reply) {
        return new String(written(reply, true), StandardCharsets.UTF_8);
    }

    private static String resp2(Reply reply) {
        return new String(written(reply, false), StandardCharsets.UTF_8);
    }

    private static MapReply orderedMap() {
        Map<Reply, Reply> entries = new LinkedHashMap<>();
        entries.put(new SimpleStringReply("b"), new IntegerReply(2));
        entries.put(new SimpleStringReply("a"), BooleanReply.TRUE);
        return new MapReply(entries);
    }

    @Test
    void resp3WritesEveryTypeWithItsOwnMarker() {
        assertThat(resp3(SimpleStringReply.OK)).isEqualTo("+OK\r\n");
        assertThat(resp3(new ErrorReply("ERR bad", false))).isEqualTo("-ERR bad\r\n");
        assertThat(resp3(new ErrorReply("ERR\r\nbad", true))).isEqualTo("!8\r\nERR\r\nbad\r\n");
        assertThat(resp3(new IntegerReply(-42))).isEqualTo(":-42\r\n");
        assertThat(resp3(new BulkStringReply(ascii("héllo")))).isEqualTo("$6\r\nhéllo\r\n");
        assertThat(resp3(NullReply.INSTANCE)).isEqualTo("_\r\n");
        assertThat(resp3(BooleanReply.FALSE)).isEqualTo("#f\r\n");
        assertThat(resp3(new DoubleReply(1.5))).isEqualTo(",1.5\r\n");
        assertThat(resp3(new DoubleReply(Double.NEGATIVE_INFINITY))).isEqualTo(",-inf\r\n");
        assertThat(resp3(new DoubleReply(Double.NaN))).isEqualTo(",nan\r\n");
        assertThat(resp3(new BigNumberReply(new BigInteger("123456789012345678901234567890"))))
                .isEqualTo("(123456789012345678901234567890\r\n");
        assertThat(resp3(new VerbatimStringReply("txt", "hi"))).isEqualTo("=6\r\ntxt:hi\r\n");
        assertThat(resp3(new ArrayReply(List.of(new IntegerReply(1))))).isEqualTo("*1\r\n:1\r\n");
        assertThat(resp3(new SetReply(List.of(new IntegerReply(1))))).isEqualTo("~1\r\n:1\r\n");
        assertThat(resp3(new PushReply(List.of(new IntegerReply(1))))).isEqualTo(">1\r\n:1\r\n");
        assertThat(resp3(orderedMap())).isEqualTo("%2\r\n+b\r\n:2\r\n+a\r\n#t\r\n");
    }

    @Test
    void resp2DegradesResp3TypesAsTheServerDoes() {
        assertThat(resp2(NullReply.INSTANCE)).isEqualTo("$-1\r\n");
        assertThat(resp2(BooleanReply.TRUE)).isEqualTo(":1\r\n");
        assertThat(resp2(BooleanReply.FALSE)).isEqualTo(":0\r\n");
        assertThat(resp2(new DoubleReply(1.5))).isEqualTo("$3\r\n1.5\r\n");
        assertThat(resp2(new DoubleReply(Double.POSITIVE_INFINITY))).isEqualTo("$3\r\ninf\r\n");
        assertThat(resp2(new BigNumberReply(BigInteger.TEN))).isEqualTo("$2\r\n10\r\n");
        assertThat(resp2(new VerbatimStringReply("txt", "hi"))).isEqualTo("$2\r\nhi\r\n");
        assertThat(resp2(new SetReply(List.of(new IntegerReply(1))))).isEqualTo("*1\r\n:1\r\n");
        assertThat(resp2(new PushReply(List.of(new IntegerReply(1))))).isEqualTo("*1\r\n:1\r\n");
        assertThat(resp2(orderedMap())).isEqualTo("*4\r\n+b\r\n:2\r\n+a\r\n:1\r\n");
        assertThat(resp2(new ErrorReply("ERR\r\nbad", true))).isEqualTo("-ERR  bad\r\n");
    }

    @Test
    void resp2KeepsTheTypesItShares() {
        assertThat(resp2(SimpleStringReply.PONG)).isEqualTo("+PONG\r\n");
        assertThat(resp2(new ErrorReply("ERR x", false))).isEqualTo("-ERR x\r\n");
        assertThat(resp2(new IntegerReply(7))).isEqualTo(":7\r\n");
        assertThat(resp2(new BulkStringReply(ascii("v")))).isEqualTo("$1\r\nv\r\n");
        assertThat(resp2(new ArrayReply(List.of()))).isEqualTo("*0\r\n");
    }

    @Test
    void simpleStringWithLineBreakIsRejected() {
        assertThatThrownBy(() -> written(new SimpleStringReply("a\r\nb"), true))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> written(new ErrorReply("ERR\nx", false), false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void verbatimFormatMustBeThreeBytes() {
        assertThatThrownBy(() -> written(new VerbatimStringReply("text", "x"), true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("three bytes");
    }
}
