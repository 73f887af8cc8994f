package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a printed reply shows: the value itself, readable and bounded. */
class ReplyToStringTest {

    private static Reply.BulkStringReply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aBulkStringShowsItsValueQuoted() {
        assertThat(bulk("foobar")).hasToString("BulkStringReply[\"foobar\"]");
        assertThat(bulk("")).hasToString("BulkStringReply[\"\"]");
    }

    @Test
    void nonPrintableBytesAreEscapedAsRedisCliShowsThem() {
        assertThat(new Reply.BulkStringReply(new byte[] {'a', 0, (byte) 0xff, '\r', '\n', '"', '\\'}))
                .hasToString("BulkStringReply[\"a\\x00\\xff\\r\\n\\\"\\\\\"]");
    }

    @Test
    void aLongValueIsCutAfterItsPrefixWithItsTotalLength() {
        String printed = new Reply.BulkStringReply(new byte[600 << 10]).toString();
        assertThat(printed).startsWith("BulkStringReply[\"\\x00\\x00").endsWith("\"... (614400 bytes)]");
        assertThat(printed.length()).isLessThan(400);
        assertThat(new Reply.VerbatimStringReply("txt", "x".repeat(1000)).toString()).endsWith("... (1000 chars)]");
    }

    @Test
    void aggregatesShowTheirFirstElementsAndHowManyMore() {
        List<Reply> hundred = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            hundred.add(new Reply.IntegerReply(i));
        }
        assertThat(new Reply.ArrayReply(List.of(bulk("a"), new Reply.IntegerReply(2), Reply.NullReply.INSTANCE)))
                .hasToString("ArrayReply[BulkStringReply[\"a\"], IntegerReply[value=2], NullReply[]]");
        assertThat(new Reply.ArrayReply(hundred).toString()).endsWith("IntegerReply[value=15], ... 84 more]");
        Map<Reply, Reply> map = new LinkedHashMap<>();
        map.put(bulk("field"), bulk("value"));
        assertThat(new Reply.MapReply(map)).hasToString("MapReply[BulkStringReply[\"field\"]=BulkStringReply[\"value\"]]");
        assertThat(Reply.SimpleStringReply.OK).hasToString("SimpleStringReply[\"OK\"]");
    }
}
