package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fastpath.AccountPointCodec.Account;
import io.fastpath.AccountPointCodec.Point;
import io.fastpath.command.BitOperation;
import io.fastpath.command.GeoMember;
import io.fastpath.command.GeoResult;
import io.fastpath.command.GeoSearch;
import io.fastpath.command.GeoUnit;
import io.fastpath.command.GetExArgs;
import io.fastpath.command.InsertPosition;
import io.fastpath.command.KeyType;
import io.fastpath.command.KeyValue;
import io.fastpath.command.KeyedValues;
import io.fastpath.command.ListSide;
import io.fastpath.command.Reply;
import io.fastpath.command.ScanArgs;
import io.fastpath.command.ScoreRange;
import io.fastpath.command.ScoredValue;
import io.fastpath.command.Script;
import io.fastpath.command.SetArgs;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import io.fastpath.command.ZRangeQuery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@code redis.withCodec(codec)} must do on any topology: every command group takes and returns the user's
 * types, through the blocking view and through its {@code async()} (each test runs both), on the client's own
 * connections. Keys of one region share a hash tag, so the multi-key commands also run on a cluster; keys of
 * different regions spread over its primaries. Values are binary and fixed width ({@link AccountPointCodec}), so a
 * reply decoded from the wrong bytes fails rather than passes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CodecViewContract {
    /** CR, LF and zero bytes inside a value: binary-safe or broken. */
    static final Point CRLF = new Point(0x0D0A0D0A, 0);
    static final Point P1 = new Point(1, -1);
    static final Point P2 = new Point(2, 1 << 24 | 10);
    static final Point P3 = new Point(Integer.MIN_VALUE, Integer.MAX_VALUE);

    /** The client under test: standalone or cluster. */
    abstract RedisClient client();

    enum Style { BLOCKING, ASYNC }

    RedisCommands<Account, Point> view(Style style) {
        RedisCommands<Account, Point> blocking = client().withCodec(AccountPointCodec.CODEC);
        return style == Style.BLOCKING ? blocking : AsyncAsBlocking.of(blocking.async());
    }

    /** A key of region "r": every such key shares one slot. */
    static Account key(int id) {
        return new Account("r", id);
    }

    /** A key of its own region: on a cluster, these land on different primaries. */
    static Account spread(int id) {
        return new Account("region" + id, id);
    }

    @BeforeEach
    void empty() {
        client().flushall();
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void stringCommandsTakeAndReturnTheUsersTypes(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        for (int i = 0; i < 8; i++) {
            assertThat(redis.set(spread(i), new Point(i, -i))).isTrue();
        }
        for (int i = 0; i < 8; i++) {
            assertThat(redis.get(spread(i))).isEqualTo(new Point(i, -i));
        }
        assertThat(redis.get(spread(99))).isNull();
        assertThat(redis.mget(List.of(spread(1), spread(2), spread(99)))).containsExactly(new Point(1, -1), new Point(2, -2), null);
        redis.mset(Map.of(key(1), P1, key(2), P2));
        assertThat(redis.mget(key(1), key(2), key(3))).containsExactly(P1, P2, null);
        assertThat(redis.setGet(key(1), CRLF, SetArgs.none())).isEqualTo(P1);
        assertThat(redis.get(key(1))).isEqualTo(CRLF);
        assertThat(redis.getDel(key(1))).isEqualTo(CRLF);
        assertThat(redis.getEx(key(2), GetExArgs.ex(100))).isEqualTo(P2);
        assertThat(redis.msetnx(Map.of(key(5), P1, key(6), P2))).isTrue();
        assertThat(redis.strlen(key(5))).isEqualTo(8);
        assertThat(redis.setRange(key(5), 0, P3)).isEqualTo(8);
        assertThat(redis.getRange(key(5), 0, -1)).isEqualTo(P3);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void keyCommandsTakeAndReturnTheUsersKeys(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        redis.set(key(1), P1);
        redis.set(key(2), P2);
        assertThat(redis.exists(key(1), key(2), key(3))).isEqualTo(2);
        assertThat(redis.type(key(1))).isEqualTo(KeyType.STRING);
        redis.rename(key(1), key(11));
        assertThat(redis.get(key(11))).isEqualTo(P1);
        assertThat(redis.copy(key(11), key(12))).isTrue();
        assertThat(redis.expire(key(12), java.time.Duration.ofSeconds(100))).isTrue();
        assertThat(redis.ttl(key(12))).isPositive();
        assertThat(list(redis.scan(ScanArgs.none().match("acct:{r}:*")))).containsExactlyInAnyOrder(key(2), key(11), key(12));
        if (!client().isCluster()) { // on a cluster RANDOMKEY asks one primary, which may hold none of them
            assertThat(redis.randomKey()).isIn(key(2), key(11), key(12));
        }
        assertThat(redis.del(key(2), key(11))).isEqualTo(2);
        assertThat(redis.unlink(List.of(key(12)))).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void hashCommandsTakeAndReturnTheUsersFieldsAndValues(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Account hash = spread(1);
        assertThat(redis.hset(hash, key(1), P1)).isTrue();
        assertThat(redis.hset(hash, Map.of(key(2), P2, key(3), CRLF))).isEqualTo(2);
        Map<Account, Point> all = Map.of(key(1), P1, key(2), P2, key(3), CRLF);
        assertThat(redis.hget(hash, key(2))).isEqualTo(P2);
        assertThat(redis.hmget(hash, key(1), key(9))).containsExactly(P1, null);
        assertThat(redis.hgetAll(hash)).isEqualTo(all);
        assertThat(redis.hkeys(hash)).containsExactlyInAnyOrder(key(1), key(2), key(3));
        assertThat(redis.hvals(hash)).containsExactlyInAnyOrder(P1, P2, CRLF);
        assertThat(redis.hrandField(hash)).isIn(all.keySet());
        assertThat(redis.hrandFieldWithValues(hash, 3)).containsExactlyInAnyOrderElementsOf(all.entrySet());
        assertThat(list(redis.hscan(hash, ScanArgs.none()))).containsExactlyInAnyOrderElementsOf(all.entrySet());
        assertThat(redis.hsetnx(hash, key(1), P2)).isFalse();
        assertThat(redis.hexists(hash, key(3))).isTrue();
        assertThat(redis.hstrlen(hash, key(3))).isEqualTo(8);
        assertThat(redis.hdel(hash, key(1), key(2))).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void listCommandsTakeAndReturnTheUsersValues(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Account list = spread(2);
        assertThat(redis.rpush(list, P1, P2, P3)).isEqualTo(3);
        assertThat(redis.lrange(list, 0, -1)).containsExactly(P1, P2, P3);
        assertThat(redis.lindex(list, 1)).isEqualTo(P2);
        assertThat(redis.lpos(list, P3)).isEqualTo(2L);
        assertThat(redis.linsert(list, InsertPosition.BEFORE, P2, CRLF)).isEqualTo(4);
        assertThat(redis.lpop(list)).isEqualTo(P1);
        assertThat(redis.rpop(list, 2)).containsExactly(P3, P2);
        assertThat(redis.lrange(list, 0, -1)).containsExactly(CRLF);
        redis.rpush(key(1), P1);
        redis.rpush(key(2), P2);
        assertThat(redis.lmove(key(1), key(2), ListSide.LEFT, ListSide.RIGHT)).isEqualTo(P1);
        assertThat(redis.lmpop(List.of(key(1), key(2)), ListSide.LEFT, 2)).isEqualTo(new KeyedValues<>(key(2), List.of(P2, P1)));
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void setCommandsTakeAndReturnTheUsersMembers(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        assertThat(redis.sadd(key(1), P1, P2, P3)).isEqualTo(3);
        assertThat(redis.smembers(key(1))).isEqualTo(Set.of(P1, P2, P3));
        assertThat(redis.smismember(key(1), P1, CRLF)).containsExactly(true, false);
        redis.sadd(key(2), P2, CRLF);
        assertThat(redis.sinter(key(1), key(2))).containsExactly(P2);
        assertThat(redis.sunion(key(1), key(2))).isEqualTo(Set.of(P1, P2, P3, CRLF));
        assertThat(redis.sdiff(key(1), key(2))).isEqualTo(Set.of(P1, P3));
        assertThat(redis.sinterStore(key(3), List.of(key(1), key(2)))).isEqualTo(1);
        assertThat(redis.smove(key(1), key(2), P1)).isTrue();
        assertThat(list(redis.sscan(key(2), ScanArgs.none()))).containsExactlyInAnyOrder(P1, P2, CRLF);
        assertThat(redis.srandMember(key(2))).isIn(P1, P2, CRLF);
        assertThat(redis.spop(key(3))).isEqualTo(P2);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void sortedSetCommandsTakeAndReturnTheUsersMembers(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        assertThat(redis.zadd(key(1), 1.5, P1)).isEqualTo(1);
        assertThat(redis.zadd(key(1), Map.of(P2, 2.5, CRLF, -1.0))).isEqualTo(2);
        assertThat(redis.zrangeWithScores(key(1), 0, -1))
                .containsExactly(new ScoredValue<>(CRLF, -1.0), new ScoredValue<>(P1, 1.5), new ScoredValue<>(P2, 2.5));
        assertThat(redis.zrange(key(1), ZRangeQuery.byScore(ScoreRange.closed(0, 3)))).containsExactly(P1, P2);
        assertThat(redis.zscore(key(1), P2)).isEqualTo(2.5);
        assertThat(redis.zmscore(key(1), P1, P3)).containsExactly(1.5, null);
        assertThat(redis.zrank(key(1), P2)).isEqualTo(2L);
        assertThat(redis.zincrBy(key(1), 1, CRLF)).isEqualTo(0.0);
        assertThat(redis.zpopMin(key(1))).isEqualTo(new ScoredValue<>(CRLF, 0.0));
        assertThat(redis.zunionStore(key(2), List.of(key(1)))).isEqualTo(2);
        assertThat(list(redis.zscan(key(2), ScanArgs.none())))
                .containsExactlyInAnyOrder(new ScoredValue<>(P1, 1.5), new ScoredValue<>(P2, 2.5));
        assertThat(redis.zrandMember(key(2))).isIn(P1, P2);
        assertThat(redis.zpopMax(key(2), 2)).containsExactly(new ScoredValue<>(P2, 2.5), new ScoredValue<>(P1, 1.5));
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void scriptsTakeTheUsersKeysAndArguments(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Reply echoed = redis.eval("return {KEYS[1], ARGV[1]}", List.of(key(1)), List.of(CRLF));
        List<Reply> elements = ((Reply.ArrayReply) echoed).elements();
        assertThat(AccountPointCodec.CODEC.decodeKey(((Reply.BulkStringReply) elements.get(0)).value())).isEqualTo(key(1));
        assertThat(AccountPointCodec.CODEC.decodeValue(((Reply.BulkStringReply) elements.get(1)).value())).isEqualTo(CRLF);
        Script store = Script.of("redis.call('SET', KEYS[1], ARGV[1]) return redis.call('GET', KEYS[1])");
        Reply stored = redis.evalScript(store, List.of(key(2)), List.of(P2));
        assertThat(AccountPointCodec.CODEC.decodeValue(((Reply.BulkStringReply) stored).value())).isEqualTo(P2);
        assertThat(redis.get(key(2))).isEqualTo(P2);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void streamCommandsTakeAndReturnTheUsersFieldsAndValues(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Account stream = spread(3);
        String first = redis.xadd(stream, Map.of(key(1), P1));
        String second = redis.xadd(stream, Map.of(key(2), CRLF));
        List<StreamEntry<Account, Point>> entries = List.of(new StreamEntry<>(first, Map.of(key(1), P1)),
                new StreamEntry<>(second, Map.of(key(2), CRLF)));
        assertThat(redis.xrange(stream, "-", "+")).isEqualTo(entries);
        assertThat(redis.xrevrange(stream, "+", "-", 1)).containsExactly(entries.get(1));
        assertThat(redis.xread(List.of(StreamOffset.fromStart(stream)))).containsExactly(new StreamEntries<>(stream, entries));
        assertThat(redis.xlen(stream)).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void streamGroupCommandsReturnTheUsersEntries(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Account stream = spread(4);
        redis.xgroupCreate(stream, "workers", "0", true);
        String id = redis.xadd(stream, Map.of(key(1), P1));
        StreamEntry<Account, Point> entry = new StreamEntry<>(id, Map.of(key(1), P1));
        assertThat(redis.xreadGroup("workers", "alice", List.of(StreamOffset.undelivered(stream))))
                .containsExactly(new StreamEntries<>(stream, List.of(entry)));
        assertThat(redis.xclaim(stream, "workers", "bob", java.time.Duration.ZERO, List.of(id))).containsExactly(entry);
        assertThat(redis.xautoclaim(stream, "workers", "carol", java.time.Duration.ZERO, "0").entries()).containsExactly(entry);
        assertThat(redis.xack(stream, "workers", List.of(id))).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void bitmapCommandsTakeTheUsersKeys(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        assertThat(redis.setbit(key(1), 7, true)).isFalse();
        assertThat(redis.getbit(key(1), 7)).isTrue();
        redis.setbit(key(2), 0, true);
        assertThat(redis.bitop(BitOperation.OR, key(3), List.of(key(1), key(2)))).isEqualTo(1);
        assertThat(redis.bitcount(key(3))).isEqualTo(2);
        assertThat(redis.bitpos(key(3), true)).isZero();
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void hyperLogLogCommandsTakeTheUsersElements(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        assertThat(redis.pfadd(key(1), P1, P2)).isTrue();
        assertThat(redis.pfadd(key(2), P2, CRLF)).isTrue();
        assertThat(redis.pfcount(key(1), key(2))).isEqualTo(3);
        redis.pfmerge(key(3), List.of(key(1), key(2)));
        assertThat(redis.pfcount(key(3))).isEqualTo(3);
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void geoCommandsTakeAndReturnTheUsersMembers(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Account places = spread(5);
        assertThat(redis.geoadd(places, List.of(GeoMember.of(P1, 13.361389, 38.115556), GeoMember.of(CRLF, 15.087269, 37.502669))))
                .isEqualTo(2);
        assertThat(redis.geodist(places, P1, CRLF, GeoUnit.KM)).isCloseTo(166.27, within(0.01));
        assertThat(redis.geosearch(places, GeoSearch.<Point>fromMember(P1).byRadius(200, GeoUnit.KM).ascending()))
                .extracting(GeoResult::member).containsExactly(P1, CRLF);
        assertThat(redis.geopos(places, List.of(P1, P3))).satisfiesExactly(
                found -> assertThat(found.longitude()).isCloseTo(13.361389, within(0.0001)),
                missing -> assertThat(missing).isNull());
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void pubSubCommandsPublishTheUsersValues(Style style) throws Exception {
        RedisCommands<Account, Point> redis = view(style);
        BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
        Account channel = spread(6);
        Account shardChannel = spread(7);
        try (Subscription plain = client().subscribe(message -> received.add(message.payload()), channel.toString());
             Subscription sharded = client().ssubscribe(message -> received.add(message.payload()), shardChannel.toString())) {
            redis.publish(channel, P1); // on a cluster, counts the receivers of the node that ran it
            assertThat(AccountPointCodec.CODEC.decodeValue(received.poll(10, TimeUnit.SECONDS))).isEqualTo(P1);
            assertThat(redis.spublish(shardChannel, CRLF)).isEqualTo(1);
            assertThat(AccountPointCodec.CODEC.decodeValue(received.poll(10, TimeUnit.SECONDS))).isEqualTo(CRLF);
        }
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void blockingCommandsReturnTheUsersKeysAndValues(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        Duration block = Duration.ofSeconds(5);
        redis.rpush(key(1), P1);
        assertThat(redis.blpop(block, key(9), key(1))).isEqualTo(new KeyValue<>(key(1), P1));
        redis.zadd(key(2), 1, CRLF);
        assertThat(redis.bzpopmin(block, List.of(key(2)))).isEqualTo(new KeyValue<>(key(2), new ScoredValue<>(CRLF, 1.0)));
        redis.rpush(key(3), P3);
        assertThat(redis.blmove(key(3), key(4), ListSide.LEFT, ListSide.RIGHT, block)).isEqualTo(P3);
        assertThat(redis.blmpop(block, List.of(key(4)), ListSide.LEFT, 1)).isEqualTo(new KeyedValues<>(key(4), List.of(P3)));
        String id = redis.xadd(key(5), Map.of(key(6), P2));
        assertThat(redis.xread(block, StreamReadArgs.none(), List.of(StreamOffset.fromStart(key(5)))))
                .containsExactly(new StreamEntries<>(key(5), List.of(new StreamEntry<>(id, Map.of(key(6), P2)))));
    }

    @ParameterizedTest
    @EnumSource(Style.class)
    void serverCommandsEchoTheUsersValues(Style style) {
        RedisCommands<Account, Point> redis = view(style);
        assertThat(redis.echo(CRLF)).isEqualTo(CRLF);
        redis.set(spread(1), P1);
        assertThat(redis.dbsize()).isEqualTo(1);
    }

    static <T> List<T> list(Iterable<T> elements) {
        List<T> all = new ArrayList<>();
        elements.forEach(all::add);
        return all;
    }
}
