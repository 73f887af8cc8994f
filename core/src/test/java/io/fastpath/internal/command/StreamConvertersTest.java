package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.AutoClaimed;
import io.fastpath.command.PendingEntry;
import io.fastpath.command.PendingSummary;
import io.fastpath.RedisCodec;
import io.fastpath.command.Reply;
import io.fastpath.command.StreamConsumerInfo;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamGroupInfo;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stream converters fed the RESP2 shapes (and the RESP3 ones that differ), without a server. */
class StreamConvertersTest {

    private static Reply bulk(String text) {
        return new Reply.BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Reply array(Reply... elements) {
        return new Reply.ArrayReply(List.of(elements));
    }

    private static Reply entry(String id, String field, String value) {
        return array(bulk(id), array(bulk(field), bulk(value)));
    }

    @Test
    void xreadReadsResp2ArraysOfStreamEntryPairsAndResp3Maps() {
        Reply resp2 = array(array(bulk("a"), array(entry("1-0", "f", "x"))), array(bulk("b"), array(entry("2-0", "g", "y"))));
        Map<Reply, Reply> map = new LinkedHashMap<>();
        map.put(bulk("a"), array(entry("1-0", "f", "x")));
        map.put(bulk("b"), array(entry("2-0", "g", "y")));
        List<StreamEntries<String, String>> expected = List.of(
                new StreamEntries<>("a", List.of(new StreamEntry<>("1-0", Map.of("f", "x")))),
                new StreamEntries<>("b", List.of(new StreamEntry<>("2-0", Map.of("g", "y")))));
        assertThat(StreamConverters.streamEntries(RedisCodec.UTF8).convert(resp2)).isEqualTo(expected);
        assertThat(StreamConverters.streamEntries(RedisCodec.UTF8).convert(new Reply.MapReply(map))).isEqualTo(expected);
        assertThat(StreamConverters.streamEntries(RedisCodec.UTF8).convert(Reply.NullReply.INSTANCE)).isEmpty();
    }

    @Test
    void anEntryDeletedWhilePendingHasNullFields() {
        Reply deleted = array(bulk("3-0"), Reply.NullReply.INSTANCE);
        assertThat(StreamConverters.entry(RedisCodec.UTF8).convert(deleted)).isEqualTo(new StreamEntry<>("3-0", null));
        assertThatThrownBy(() -> StreamConverters.entry(RedisCodec.UTF8).convert(array(bulk("3-0"))))
                .isInstanceOf(UnexpectedReplyException.class);
    }

    @Test
    void pendingSummaryReadsBulkStringCountsAndTheEmptyForm() {
        Reply busy = array(new Reply.IntegerReply(3), bulk("1-0"), bulk("5-0"),
                array(array(bulk("alice"), bulk("2")), array(bulk("bob"), bulk("1"))));
        assertThat(StreamConverters.PENDING_SUMMARY.convert(busy))
                .isEqualTo(new PendingSummary(3, "1-0", "5-0", Map.of("alice", 2L, "bob", 1L)));
        Reply empty = array(new Reply.IntegerReply(0), Reply.NullReply.INSTANCE, Reply.NullReply.INSTANCE, Reply.NullReply.INSTANCE);
        assertThat(StreamConverters.PENDING_SUMMARY.convert(empty)).isEqualTo(new PendingSummary(0, null, null, Map.of()));
    }

    @Test
    void pendingEntriesReadTheirFourParts() {
        Reply reply = array(array(bulk("1-0"), bulk("alice"), new Reply.IntegerReply(1500), new Reply.IntegerReply(2)));
        assertThat(StreamConverters.PENDING_ENTRIES.convert(reply)).containsExactly(new PendingEntry("1-0", "alice", 1500, 2));
    }

    @Test
    void autoClaimedAcceptsTheSevenZeroTripleAndTheOlderPair() {
        Reply triple = array(bulk("0-0"), array(entry("1-0", "f", "x")), array(bulk("2-0")));
        assertThat(StreamConverters.autoClaimed(RedisCodec.UTF8).convert(triple)).isEqualTo(
                new AutoClaimed<>("0-0", List.of(new StreamEntry<>("1-0", Map.of("f", "x"))), List.of("2-0")));
        Reply pair = array(bulk("4-0"), array());
        assertThat(StreamConverters.autoClaimed(RedisCodec.UTF8).convert(pair))
                .isEqualTo(new AutoClaimed<String, String>("4-0", List.of(), List.of()));
    }

    @Test
    void xinfoGroupsAndConsumersReadResp2FlatArrays() {
        Reply groups = array(array(bulk("name"), bulk("g"), bulk("consumers"), new Reply.IntegerReply(2),
                bulk("pending"), new Reply.IntegerReply(5), bulk("last-delivered-id"), bulk("7-0")));
        assertThat(StreamConverters.GROUP_INFOS.convert(groups)).containsExactly(new StreamGroupInfo("g", 2, 5, "7-0"));
        Reply consumers = array(array(bulk("name"), bulk("alice"), bulk("pending"), new Reply.IntegerReply(1),
                bulk("idle"), new Reply.IntegerReply(42)));
        assertThat(StreamConverters.CONSUMER_INFOS.convert(consumers)).containsExactly(new StreamConsumerInfo("alice", 1, 42));
        assertThatThrownBy(() -> StreamConverters.CONSUMER_INFOS.convert(array(array(bulk("name"), bulk("alice")))))
                .isInstanceOf(UnexpectedReplyException.class);
    }

    @Test
    void xaddReadsAnIdOrTheNullOfNoMakeStream() {
        assertThat(StreamConverters.ID_OR_NULL.convert(bulk("1-0"))).isEqualTo("1-0");
        assertThat(StreamConverters.ID_OR_NULL.convert(Reply.NullReply.INSTANCE)).isNull();
    }
}
