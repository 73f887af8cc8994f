package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.KeyedValues;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import io.fastpath.command.ScanPage;
import io.fastpath.command.ScoredValue;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The converters whose replies differ between RESP2 and RESP3, fed both shapes directly. */
class ConvertersTest {

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Reply array(Reply... elements) {
        return new Reply.ArrayReply(List.of(elements));
    }

    @Test
    void scoredValuesReadResp3PairsWithDoubleScores() {
        Reply resp3 = array(array(bulk("a"), new Reply.DoubleReply(1.5)), array(bulk("b"), new Reply.DoubleReply(2)));
        assertThat(Converters.scoredValues(RedisCodec.UTF8).convert(resp3))
                .containsExactly(new ScoredValue<>("a", 1.5), new ScoredValue<>("b", 2.0));
    }

    @Test
    void scoredValuesReadResp2FlatArraysWithBulkStringScores() {
        Reply resp2 = array(bulk("a"), bulk("1.5"), bulk("b"), bulk("-inf"));
        assertThat(Converters.scoredValues(RedisCodec.UTF8).convert(resp2))
                .containsExactly(new ScoredValue<>("a", 1.5), new ScoredValue<>("b", Double.NEGATIVE_INFINITY));
    }

    @Test
    void scoredValuesReadTheSingleFlatPairOfResp3PopWithoutCount() {
        Reply resp3 = array(bulk("a"), new Reply.DoubleReply(3));
        assertThat(Converters.firstOrNull(Converters.scoredValues(RedisCodec.UTF8)).convert(resp3))
                .isEqualTo(new ScoredValue<>("a", 3.0));
        assertThat(Converters.firstOrNull(Converters.scoredValues(RedisCodec.UTF8)).convert(array())).isNull();
    }

    @Test
    void scoredValuesRejectAnOddFlatArray() {
        assertThatThrownBy(() -> Converters.scoredValues(RedisCodec.UTF8).convert(array(bulk("a"))))
                .isInstanceOf(UnexpectedReplyException.class);
    }

    @Test
    void entriesReadResp3PairsAndResp2FlatArraysAlike() {
        ReplyConverter<List<Map.Entry<String, String>>> converter = Converters.entryList(RedisCodec.UTF8);
        List<Map.Entry<String, String>> fromResp3 = converter.convert(array(array(bulk("f"), bulk("v")), array(bulk("g"), bulk("w"))));
        List<Map.Entry<String, String>> fromResp2 = converter.convert(array(bulk("f"), bulk("v"), bulk("g"), bulk("w")));
        assertThat(fromResp3).containsExactly(Map.entry("f", "v"), Map.entry("g", "w"));
        assertThat(fromResp2).isEqualTo(fromResp3);
    }

    @Test
    void hashMapsReadResp3MapsAndResp2FlatArraysInWireOrder() {
        Map<Reply, Reply> entries = new LinkedHashMap<>();
        entries.put(bulk("z"), bulk("1"));
        entries.put(bulk("a"), bulk("2"));
        ReplyConverter<Map<String, String>> converter = Converters.map(RedisCodec.UTF8);
        assertThat(converter.convert(new Reply.MapReply(entries))).containsExactly(Map.entry("z", "1"), Map.entry("a", "2"));
        assertThat(converter.convert(array(bulk("z"), bulk("1"), bulk("a"), bulk("2"))))
                .containsExactly(Map.entry("z", "1"), Map.entry("a", "2"));
    }

    @Test
    void scoresReadResp3DoublesResp2BulkStringsAndNulls() {
        assertThat(Converters.DOUBLE_OR_NULL.convert(new Reply.DoubleReply(2.25))).isEqualTo(2.25);
        assertThat(Converters.DOUBLE_OR_NULL.convert(bulk("2.25"))).isEqualTo(2.25);
        assertThat(Converters.DOUBLE_OR_NULL.convert(bulk("inf"))).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Converters.DOUBLE_OR_NULL.convert(Reply.NullReply.INSTANCE)).isNull();
    }

    @Test
    void scanPagesReadTheCursorAndTheElements() {
        ScanPage<String> page = Converters.scanPage(Converters.keyList(RedisCodec.UTF8))
                .convert(array(bulk("42"), array(bulk("k1"), bulk("k2"))));
        assertThat(page.cursor()).isEqualTo("42");
        assertThat(page.elements()).containsExactly("k1", "k2");
        assertThat(page.isLast()).isFalse();
        ScanPage<ScoredValue<String>> last = Converters.scanPage(Converters.scoredValues(RedisCodec.UTF8))
                .convert(array(bulk("0"), array(bulk("m"), bulk("7"))));
        assertThat(last.elements()).containsExactly(new ScoredValue<>("m", 7.0));
        assertThat(last.isLast()).isTrue();
    }

    @Test
    void keyedValuesReadTheKeyAndElementsOrNull() {
        KeyedValues<String, String> popped = Converters.keyedValues(RedisCodec.UTF8)
                .convert(array(bulk("list"), array(bulk("a"), bulk("b"))));
        assertThat(popped).isEqualTo(new KeyedValues<>("list", List.of("a", "b")));
        assertThat(Converters.keyedValues(RedisCodec.UTF8).convert(Reply.NullReply.INSTANCE)).isNull();
    }

    @Test
    void byteArraySetsCompareMembersByContent() {
        Reply members = new Reply.SetReply(List.of(bulk("b"), bulk("a")));
        Set<byte[]> set = Converters.valueSet(RedisCodec.BYTES).convert(members);
        assertThat(set.contains("a".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(set.contains("c".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(Converters.valueSet(RedisCodec.UTF8).convert(members)).containsExactly("b", "a");
    }

    @Test
    void integerListsTreatANullArrayAsEmpty() {
        assertThat(Converters.LONG_LIST.convert(Reply.NullReply.INSTANCE)).isEmpty();
        assertThat(Converters.LONG_LIST.convert(array(new Reply.IntegerReply(3), new Reply.IntegerReply(5)))).containsExactly(3L, 5L);
    }
}
