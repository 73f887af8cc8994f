package io.fastpath.internal.protocol;

import static io.fastpath.internal.protocol.DecoderFeed.ascii;
import static io.fastpath.internal.protocol.DecoderFeed.growableBuffer;
import static io.fastpath.internal.protocol.DecoderFeed.decodeChunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.netty.buffer.ByteBuf;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RespDecoderAttributesTest {

    private static final String KEY_POPULARITY_ATTRIBUTE =
            "|1\r\n+key-popularity\r\n%2\r\n$1\r\na\r\n,0.1923\r\n$1\r\nb\r\n,0.0012\r\n";

    private final RespDecoder decoder = new RespDecoder(RespLimits.DEFAULTS);

    private List<Reply> decode(String wire) {
        return decodeChunks(decoder, List.of(ascii(wire)));
    }

    @Test
    void attributeBeforeTopLevelReplyIsSkippedAndCounted() {
        assertThat(decode(KEY_POPULARITY_ATTRIBUTE + "*2\r\n:2039123\r\n:9543892\r\n"))
                .containsExactly(new ArrayReply(List.of(new IntegerReply(2039123), new IntegerReply(9543892))));
        assertThat(decoder.attributesSkipped()).isEqualTo(1);
    }

    @Test
    void attributeInsideArrayIsNotCountedAsAnElement() {
        assertThat(decode("*2\r\n:1\r\n" + KEY_POPULARITY_ATTRIBUTE + ":2\r\n"))
                .containsExactly(new ArrayReply(List.of(new IntegerReply(1), new IntegerReply(2))));
        assertThat(decoder.attributesSkipped()).isEqualTo(1);
    }

    @Test
    void attributeBeforeFirstElementOfArrayIsSkipped() {
        assertThat(decode("*1\r\n|1\r\n+ttl\r\n:3600\r\n+value\r\n"))
                .containsExactly(new ArrayReply(List.of(new SimpleStringReply("value"))));
        assertThat(decoder.attributesSkipped()).isEqualTo(1);
    }

    @Test
    void attributeBetweenMapKeyAndValueIsSkipped() {
        Map<Reply, Reply> expected = new LinkedHashMap<>();
        expected.put(new SimpleStringReply("k"), new IntegerReply(7));

        assertThat(decode("%1\r\n+k\r\n|1\r\n+meta\r\n_\r\n:7\r\n")).containsExactly(new MapReply(expected));
        assertThat(decoder.attributesSkipped()).isEqualTo(1);
    }

    @Test
    void severalAttributesInARowAreAllSkippedAndCounted() {
        assertThat(decode("|1\r\n+a\r\n:1\r\n|0\r\n|1\r\n+b\r\n*1\r\n:2\r\n+OK\r\n")).containsExactly(SimpleStringReply.OK);
        assertThat(decoder.attributesSkipped()).isEqualTo(3);
    }

    @Test
    void emptyAttributeInsideArrayIsSkippedAndCounted() {
        assertThat(decode("*2\r\n|0\r\n:1\r\n|0\r\n:2\r\n"))
                .containsExactly(new ArrayReply(List.of(new IntegerReply(1), new IntegerReply(2))));
        assertThat(decoder.attributesSkipped()).isEqualTo(2);
    }

    @Test
    void attributeNestedInsideAnAttributeIsSkippedWithIt() {
        assertThat(decode("|1\r\n|1\r\n+inner\r\n:1\r\n+outer\r\n*2\r\n:1\r\n:2\r\n:42\r\n"))
                .containsExactly(new IntegerReply(42));
        assertThat(decoder.attributesSkipped()).isEqualTo(2);
    }

    @Test
    void attributeOnItsOwnIsConsumedWithoutProducingAReply() {
        ByteBuf in = growableBuffer("|1\r\n+a\r\n:1\r\n");
        try {
            assertThat(decoder.decode(in)).isNull();
            assertThat(in.isReadable()).isFalse();
            assertThat(decoder.attributesSkipped()).isEqualTo(1);

            in.writeBytes(ascii(":5\r\n"));
            assertThat(decoder.decode(in)).isEqualTo(new IntegerReply(5));
        } finally {
            in.release();
        }
    }

    @Test
    void attributesDoNotCountTowardsAReplyCount() {
        List<Reply> replies = decode("|1\r\n+a\r\n:1\r\n:10\r\n|1\r\n+b\r\n:2\r\n:20\r\n");

        assertThat(replies).containsExactly(new IntegerReply(10), new IntegerReply(20));
        assertThat(decoder.attributesSkipped()).isEqualTo(2);
    }
}
