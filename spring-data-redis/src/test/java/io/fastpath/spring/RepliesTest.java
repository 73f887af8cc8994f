package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BooleanReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.DoubleReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.SimpleStringReply;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.zset.Tuple;

/**
 * The same Spring value from a RESP3 reply (what Fastpath speaks to Redis 6+) and from its RESP2 shape (what a
 * server without HELLO answers, after the client's fallback).
 */
class RepliesTest {

    private static BulkStringReply bulk(String text) {
        return new BulkStringReply(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void scoresArriveAsDoublesInResp3AndAsTextInResp2() {
        Reply resp3 = new ArrayReply(List.of(new ArrayReply(List.of(bulk("a"), new DoubleReply(1.5))),
                new ArrayReply(List.of(bulk("b"), new DoubleReply(Double.POSITIVE_INFINITY)))));
        Reply resp2 = new ArrayReply(List.of(bulk("a"), bulk("1.5"), bulk("b"), bulk("inf")));
        for (Reply reply : List.of(resp3, resp2)) {
            List<Tuple> tuples = Replies.toTupleList(reply);
            assertThat(tuples).extracting(tuple -> text(tuple.getValue())).containsExactly("a", "b");
            assertThat(tuples).extracting(Tuple::getScore).containsExactly(1.5, Double.POSITIVE_INFINITY);
        }
    }

    @Test
    void hashesArriveAsAMapInResp3AndAsAFlatArrayInResp2() {
        Map<Reply, Reply> entries = new LinkedHashMap<>();
        entries.put(bulk("f1"), bulk("v1"));
        entries.put(bulk("f2"), bulk("v2"));
        for (Reply reply : List.of(new MapReply(entries), new ArrayReply(List.of(bulk("f1"), bulk("v1"), bulk("f2"), bulk("v2"))))) {
            Map<byte[], byte[]> map = Replies.toBytesMap(reply);
            assertThat(map.keySet()).extracting(RepliesTest::text).containsExactly("f1", "f2");
            assertThat(map.values()).extracting(RepliesTest::text).containsExactly("v1", "v2");
        }
    }

    @Test
    void booleansCountsAndStatusesAllBecomeBooleans() {
        assertThat(Replies.toBoolean(BooleanReply.TRUE)).isTrue();
        assertThat(Replies.toBoolean(new IntegerReply(1))).isTrue();
        assertThat(Replies.toBoolean(new IntegerReply(0))).isFalse();
        assertThat(Replies.toBoolean(SimpleStringReply.OK)).isTrue();
        assertThat(Replies.toBoolean(NullReply.INSTANCE)).isFalse(); // SET NX refused
    }

    @Test
    void nilsBecomeNullAndNumbersConvertAcrossShapes() {
        assertThat(Replies.toBytes(NullReply.INSTANCE)).isNull();
        assertThat(Replies.toBytesList(NullReply.INSTANCE)).isNull();
        assertThat(Replies.toLong(bulk("42"))).isEqualTo(42L);
        assertThat(Replies.toDouble(new IntegerReply(3))).isEqualTo(3.0);
        assertThat(Replies.toDouble(bulk("-inf"))).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(text(Replies.toBytes(new IntegerReply(7)))).isEqualTo("7");
    }

    @Test
    void infoBecomesPropertiesWithoutSectionHeaders() {
        var info = Replies.toInfo(bulk("# Server\r\nredis_version:7.0.15\r\nos:Linux\r\n\r\n# Clients\r\nconnected_clients:3\r\n"));
        assertThat(info).containsEntry("redis_version", "7.0.15").containsEntry("connected_clients", "3").hasSize(3);
    }

    @Test
    void executeReturnsNestedListsWithStringsAsBytes() {
        Object converted = Replies.toObject(new ArrayReply(List.of(new IntegerReply(1), bulk("two"),
                new ArrayReply(List.of(bulk("three"))))));
        assertThat(converted).asList().hasSize(3).first().isEqualTo(1L);
        assertThat(text((byte[]) ((List<?>) converted).get(1))).isEqualTo("two");
    }
}
