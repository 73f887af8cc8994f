package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.Range;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.GeoResults;
import org.springframework.data.geo.Metrics;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.connection.BitFieldSubCommands;
import org.springframework.data.redis.connection.BitFieldSubCommands.BitFieldType;
import org.springframework.data.redis.connection.DefaultSortParameters;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoLocation;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchCommandArgs;
import org.springframework.data.redis.connection.RedisListCommands.Direction;
import org.springframework.data.redis.connection.RedisListCommands.Position;
import org.springframework.data.redis.connection.RedisStringCommands.BitOperation;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.SortParameters.Order;
import org.springframework.data.redis.connection.stream.ByteRecord;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.PendingMessages;
import org.springframework.data.redis.connection.stream.PendingMessagesSummary;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.stream.StreamRecords;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.connection.zset.Weights;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.domain.geo.GeoReference;
import org.springframework.data.redis.domain.geo.GeoShape;

/**
 * Each command group's methods with the values Spring Data Redis's own integration tests expect of them (the
 * command-by-command part of AbstractConnectionIntegrationTests), through Fastpath's connection and a real server.
 */
class CommandGroupsIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;
    private RedisConnection connection;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
        factory.afterPropertiesSet();
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void open() {
        connection = factory.getConnection();
        connection.serverCommands().flushAll();
    }

    @AfterEach
    void close() {
        connection.close();
    }

    private static byte[] b(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String s(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    private static List<String> strings(Iterable<byte[]> values) {
        List<String> texts = new ArrayList<>();
        values.forEach(value -> texts.add(s(value)));
        return texts;
    }

    @Test
    void eachCommandGroupIsMadeOnceAndKeptForTheConnectionsLife() {
        // Made on first use (RedisTemplate takes a connection per operation and most use one group), then the same
        // object for the connection's life; another connection has its own.
        List<Object> first = groups(connection);
        assertThat(groups(connection)).zipSatisfy(first, (again, made) -> assertThat(again).isSameAs(made));
        try (RedisConnection other = factory.getConnection()) {
            assertThat(groups(other)).zipSatisfy(first, (theirs, ours) -> assertThat(theirs).isNotSameAs(ours));
        }
    }

    @Test
    void aCommandGroupMadeFirstInsideAPipelineSendsThroughIt() {
        try (RedisConnection fresh = factory.getConnection()) {
            fresh.openPipeline();
            fresh.stringCommands().set(b("made-in-pipeline"), b("v"));
            fresh.keyCommands().exists(b("made-in-pipeline"));
            assertThat(fresh.closePipeline()).containsExactly(true, true);
        }
        assertThat(s(connection.stringCommands().get(b("made-in-pipeline")))).isEqualTo("v");
    }

    private static List<Object> groups(RedisConnection connection) {
        return List.of(connection.stringCommands(), connection.keyCommands(), connection.listCommands(),
                connection.setCommands(), connection.zSetCommands(), connection.hashCommands(), connection.geoCommands(),
                connection.hyperLogLogCommands(), connection.scriptingCommands(), connection.serverCommands(),
                connection.streamCommands());
    }

    @Test
    void stringsAndBits() {
        var strings = connection.stringCommands();
        strings.set(b("s"), b("hello"));
        assertThat(s(strings.getSet(b("s"), b("world")))).isEqualTo("hello");
        assertThat(strings.append(b("s"), b("!"))).isEqualTo(6L);
        assertThat(s(strings.getRange(b("s"), 0, 4))).isEqualTo("world");
        strings.setRange(b("s"), b("W"), 0);
        assertThat(strings.strLen(b("s"))).isEqualTo(6L);
        assertThat(s(strings.getDel(b("s")))).isEqualTo("World!");
        assertThat(strings.setEx(b("ex"), 100, b("v"))).isTrue();
        assertThat(connection.keyCommands().ttl(b("ex"))).isBetween(1L, 100L);
        assertThat(strings.pSetEx(b("px"), 100_000, b("v"))).isTrue();
        assertThat(connection.keyCommands().pTtl(b("px"), TimeUnit.SECONDS)).isBetween(1L, 100L);
        assertThat(s(strings.getEx(b("px"), org.springframework.data.redis.core.types.Expiration.persistent()))).isEqualTo("v");
        assertThat(connection.keyCommands().ttl(b("px"))).isEqualTo(-1L);
        assertThat(strings.setNX(b("px"), b("w"))).isFalse();
        assertThat(strings.mSetNX(Map.of(b("n1"), b("1"), b("n2"), b("2")))).isTrue();
        assertThat(strings.mSet(Map.of(b("n1"), b("10")))).isTrue();
        assertThat(strings.decrBy(b("n1"), 3)).isEqualTo(7L);
        assertThat(strings.decr(b("n1"))).isEqualTo(6L);
        assertThat(s(strings.setGet(b("n1"), b("x"), org.springframework.data.redis.core.types.Expiration.keepTtl(),
                org.springframework.data.redis.connection.RedisStringCommands.SetOption.upsert()))).isEqualTo("6");

        assertThat(strings.setBit(b("bits"), 7, true)).isFalse();
        assertThat(strings.getBit(b("bits"), 7)).isTrue();
        assertThat(strings.bitCount(b("bits"))).isEqualTo(1L);
        assertThat(strings.bitCount(b("bits"), 0, 0)).isEqualTo(1L);
        assertThat(strings.bitPos(b("bits"), true)).isEqualTo(7L);
        assertThat(strings.bitPos(b("bits"), true, Range.closed(0L, 0L))).isEqualTo(7L);
        strings.set(b("a"), b("abc"));
        assertThat(strings.bitOp(BitOperation.AND, b("dest"), b("a"), b("a"))).isEqualTo(3L);
        List<Long> fields = strings.bitField(b("bf"), BitFieldSubCommands.create().set(BitFieldType.UINT_8).valueAt(0).to(200)
                .get(BitFieldType.UINT_8).valueAt(0).incr(BitFieldType.UINT_8).valueAt(0).by(10));
        assertThat(fields).containsExactly(0L, 200L, 210L);
    }

    @Test
    void keys() {
        var keys = connection.keyCommands();
        connection.stringCommands().set(b("k"), b("v"));
        assertThat(keys.exists(b("k"), b("k"), b("none"))).isEqualTo(2L);
        assertThat(keys.copy(b("k"), b("k2"), false)).isTrue();
        assertThat(keys.touch(b("k"), b("k2"))).isEqualTo(2L);
        assertThat(keys.renameNX(b("k2"), b("k"))).isFalse();
        keys.rename(b("k2"), b("k3"));
        assertThat(keys.expire(b("k3"), 100)).isTrue();
        assertThat(keys.expire(b("k3"), 200, org.springframework.data.redis.connection.ExpirationOptions.Condition.LT)).isFalse();
        assertThat(keys.pExpireAt(b("k3"), System.currentTimeMillis() + 100_000)).isTrue();
        assertThat(keys.persist(b("k3"))).isTrue();
        assertThat(keys.encodingOf(b("k")).raw()).isEqualTo("embstr");
        assertThat(keys.idletime(b("k"))).isLessThan(Duration.ofSeconds(10));
        assertThat(keys.refcount(b("k"))).isEqualTo(1L);
        byte[] dump = keys.dump(b("k"));
        keys.restore(b("restored"), 0, dump);
        assertThat(s(connection.stringCommands().get(b("restored")))).isEqualTo("v");
        keys.restore(b("restored"), 0, dump, true);
        assertThat(keys.randomKey()).isNotNull();
        assertThat(keys.del(b("k"), b("k3"))).isEqualTo(2L);
        assertThat(keys.unlink(b("restored"))).isEqualTo(1L);
        assertThat(keys.move(b("none"), 1)).isFalse();

        connection.listCommands().rPush(b("nums"), b("3"), b("1"), b("2"));
        assertThat(strings(keys.sort(b("nums"), new DefaultSortParameters().order(Order.DESC)))).containsExactly("3", "2", "1");
        assertThat(keys.sort(b("nums"), new DefaultSortParameters().limit(0, 2), b("sorted"))).isEqualTo(2L);
    }

    @Test
    void lists() {
        var lists = connection.listCommands();
        assertThat(lists.lPush(b("l"), b("b"), b("a"))).isEqualTo(2L);
        assertThat(lists.rPushX(b("l"), b("c"))).isEqualTo(3L);
        assertThat(lists.lPushX(b("none"), b("x"))).isEqualTo(0L);
        assertThat(lists.lInsert(b("l"), Position.AFTER, b("c"), b("d"))).isEqualTo(4L);
        lists.lSet(b("l"), 3, b("D"));
        assertThat(s(lists.lIndex(b("l"), -1))).isEqualTo("D");
        assertThat(lists.lPos(b("l"), b("b"))).isEqualTo(1L);
        assertThat(lists.lPos(b("l"), b("zz"))).isNull();
        assertThat(lists.lRem(b("l"), 0, b("D"))).isEqualTo(1L);
        assertThat(s(lists.lMove(b("l"), b("l2"), Direction.LEFT, Direction.RIGHT))).isEqualTo("a");
        assertThat(s(lists.rPopLPush(b("l"), b("l2")))).isEqualTo("c");
        assertThat(strings(lists.lRange(b("l2"), 0, -1))).containsExactly("c", "a"); // RPOPLPUSH pushes to the head
        lists.lTrim(b("l2"), 0, 0);
        assertThat(lists.lLen(b("l2"))).isEqualTo(1L);
        lists.rPush(b("m"), b("1"), b("2"), b("3"), b("4"));
        assertThat(strings(lists.lPop(b("m"), 2))).containsExactly("1", "2");
        assertThat(strings(lists.rPop(b("m"), 2))).containsExactly("4", "3");
        assertThat(lists.rPop(b("m"))).isNull();
        lists.rPush(b("q"), b("x"));
        assertThat(strings(lists.bRPop(1, b("q")))).containsExactly("q", "x");
        lists.rPush(b("q"), b("y"));
        assertThat(s(lists.bRPopLPush(1, b("q"), b("q2")))).isEqualTo("y");
        assertThat(s(lists.bLMove(b("q2"), b("q"), Direction.LEFT, Direction.LEFT, 0.5))).isEqualTo("y");
    }

    @Test
    void sets() {
        var sets = connection.setCommands();
        assertThat(sets.sAdd(b("s1"), b("a"), b("b"), b("c"))).isEqualTo(3L);
        sets.sAdd(b("s2"), b("b"), b("c"), b("d"));
        assertThat(strings(sets.sInter(b("s1"), b("s2")))).containsExactlyInAnyOrder("b", "c");
        assertThat(strings(sets.sUnion(b("s1"), b("s2")))).containsExactlyInAnyOrder("a", "b", "c", "d");
        assertThat(strings(sets.sDiff(b("s1"), b("s2")))).containsExactly("a");
        assertThat(sets.sInterStore(b("i"), b("s1"), b("s2"))).isEqualTo(2L);
        assertThat(sets.sUnionStore(b("u"), b("s1"), b("s2"))).isEqualTo(4L);
        assertThat(sets.sDiffStore(b("d"), b("s1"), b("s2"))).isEqualTo(1L);
        assertThat(sets.sMIsMember(b("s1"), b("a"), b("z"))).containsExactly(true, false);
        assertThat(sets.sMove(b("s1"), b("s2"), b("a"))).isTrue();
        assertThat(sets.sRem(b("s2"), b("a"))).isEqualTo(1L);
        assertThat(sets.sCard(b("s1"))).isEqualTo(2L);
        assertThat(sets.sRandMember(b("s1"))).isNotNull();
        assertThat(sets.sRandMember(b("s1"), 5)).hasSize(2);
        assertThat(sets.sPop(b("s1"), 1)).hasSize(1);
        assertThat(sets.sPop(b("s1"))).isNotNull();
        assertThat(sets.sMembers(b("s1"))).isEmpty();
        List<String> scanned = new ArrayList<>();
        try (Cursor<byte[]> cursor = sets.sScan(b("u"), ScanOptions.scanOptions().count(2).build())) {
            cursor.forEachRemaining(member -> scanned.add(s(member)));
        }
        assertThat(scanned).containsExactlyInAnyOrder("a", "b", "c", "d");
    }

    @Test
    void sortedSets() {
        var z = connection.zSetCommands();
        z.zAdd(b("z"), Set.of(new org.springframework.data.redis.connection.zset.DefaultTuple(b("a"), 1.0),
                new org.springframework.data.redis.connection.zset.DefaultTuple(b("b"), 2.0),
                new org.springframework.data.redis.connection.zset.DefaultTuple(b("c"), 3.0)), ZAddArgs.empty());
        assertThat(z.zAdd(b("z"), 0.5, b("a"), ZAddArgs.ifExists().lt())).isFalse(); // updated, not added
        assertThat(z.zScore(b("z"), b("a"))).isEqualTo(0.5);
        assertThat(z.zIncrBy(b("z"), 1, b("a"))).isEqualTo(1.5);
        assertThat(z.zRank(b("z"), b("a"))).isEqualTo(0L);
        assertThat(z.zRevRank(b("z"), b("a"))).isEqualTo(2L);
        assertThat(z.zCount(b("z"), Range.closed(1.5, 2.0))).isEqualTo(2L);
        assertThat(strings(z.zRangeByScore(b("z"), Range.leftOpen(1.5, 3.0), Limit.limit().count(1)))).containsExactly("b");
        assertThat(strings(z.zRevRangeByScore(b("z"), Range.unbounded(), Limit.unlimited()))).containsExactly("c", "b", "a");
        assertThat(z.zRangeByScoreWithScores(b("z"), Range.closed(2, 3), Limit.unlimited())).extracting(Tuple::getScore)
                .containsExactly(2.0, 3.0);
        assertThat(z.zRevRangeWithScores(b("z"), 0, 0)).extracting(Tuple::getScore).containsExactly(3.0);
        assertThat(z.zMScore(b("z"), b("a"), b("none"))).containsExactly(1.5, null);
        assertThat(z.zCard(b("z"))).isEqualTo(3L);
        assertThat(z.zRandMember(b("z"), 2)).hasSize(2);
        assertThat(z.zRandMemberWithScore(b("z"))).isNotNull();
        z.zAdd(b("lex"), Set.of(new org.springframework.data.redis.connection.zset.DefaultTuple(b("a"), 0.0),
                new org.springframework.data.redis.connection.zset.DefaultTuple(b("b"), 0.0),
                new org.springframework.data.redis.connection.zset.DefaultTuple(b("c"), 0.0)), ZAddArgs.empty());
        assertThat(strings(z.zRangeByLex(b("lex"), Range.closed(b("b"), b("c")), Limit.unlimited()))).containsExactly("b", "c");
        assertThat(strings(z.zRevRangeByLex(b("lex"), Range.rightOpen(b("a"), b("c")), Limit.unlimited()))).containsExactly("b", "a");
        assertThat(z.zLexCount(b("lex"), Range.unbounded())).isEqualTo(3L);
        assertThat(z.zRangeStoreByScore(b("dst"), b("z"), Range.closed(1, 2), Limit.unlimited())).isEqualTo(2L);
        assertThat(z.zRangeStoreRevByLex(b("dst2"), b("lex"), Range.unbounded(), Limit.limit().count(2))).isEqualTo(2L);
        assertThat(z.zUnionStore(b("u"), Aggregate.MAX, Weights.of(1, 2), b("z"), b("lex"))).isEqualTo(3L);
        assertThat(z.zInterWithScores(Aggregate.SUM, Weights.of(1, 1), b("z"), b("u"))).extracting(Tuple::getScore)
                .containsExactly(3.0, 4.0, 6.0);
        assertThat(strings(z.zDiff(b("z"), b("dst")))).containsExactly("c");
        assertThat(z.zDiffStore(b("diff"), b("z"), b("dst"))).isEqualTo(1L);
        assertThat(strings(z.zUnion(b("z"), b("lex")))).hasSize(3);
        assertThat(z.zPopMin(b("z")).getScore()).isEqualTo(1.5);
        assertThat(z.zPopMax(b("z"), 1)).extracting(Tuple::getScore).containsExactly(3.0);
        assertThat(z.bZPopMin(b("z"), 1, TimeUnit.SECONDS).getScore()).isEqualTo(2.0);
        assertThat(z.bZPopMax(b("z"), 100, TimeUnit.MILLISECONDS)).isNull();
        assertThat(z.zRemRangeByLex(b("lex"), Range.closed(b("a"), b("a")))).isEqualTo(1L);
        assertThat(z.zRemRangeByScore(b("u"), Range.closed(0, 1.5))).isEqualTo(1L);
        assertThat(z.zRemRange(b("u"), 0, -1)).isEqualTo(2L);
        List<Double> scores = new ArrayList<>();
        try (Cursor<Tuple> cursor = z.zScan(b("dst"), ScanOptions.NONE)) {
            cursor.forEachRemaining(tuple -> scores.add(tuple.getScore()));
        }
        assertThat(scores).containsExactlyInAnyOrder(1.5, 2.0);
    }

    @Test
    void hashes() {
        var hashes = connection.hashCommands();
        Map<byte[], byte[]> fields = new LinkedHashMap<>();
        fields.put(b("f1"), b("v1"));
        fields.put(b("f2"), b("v2"));
        hashes.hMSet(b("h"), fields);
        assertThat(hashes.hSetNX(b("h"), b("f1"), b("x"))).isFalse();
        assertThat(strings(hashes.hMGet(b("h"), b("f1"), b("none")))).containsExactly("v1", null);
        assertThat(strings(hashes.hKeys(b("h")))).containsExactly("f1", "f2");
        assertThat(strings(hashes.hVals(b("h")))).containsExactly("v1", "v2");
        assertThat(hashes.hExists(b("h"), b("f2"))).isTrue();
        assertThat(hashes.hStrLen(b("h"), b("f1"))).isEqualTo(2L);
        assertThat(hashes.hIncrBy(b("h"), b("n"), 1.5)).isEqualTo(1.5);
        assertThat(hashes.hLen(b("h"))).isEqualTo(3L);
        assertThat(hashes.hRandField(b("h"))).isNotNull();
        assertThat(hashes.hRandField(b("h"), 2)).hasSize(2);
        assertThat(hashes.hRandFieldWithValues(b("h"))).isNotNull();
        assertThat(hashes.hRandFieldWithValues(b("h"), 3)).hasSize(3);
        Map<String, String> scanned = new LinkedHashMap<>();
        try (Cursor<Map.Entry<byte[], byte[]>> cursor = hashes.hScan(b("h"), ScanOptions.NONE)) {
            cursor.forEachRemaining(entry -> scanned.put(s(entry.getKey()), s(entry.getValue())));
        }
        assertThat(scanned).containsEntry("f1", "v1").containsEntry("n", "1.5").hasSize(3);
        assertThat(hashes.hDel(b("h"), b("f1"), b("none"))).isEqualTo(1L);
    }

    @Test
    void geoAndHyperLogLog() {
        var geo = connection.geoCommands();
        assertThat(geo.geoAdd(b("g"), Map.of(b("Palermo"), new Point(13.361389, 38.115556),
                b("Catania"), new Point(15.087269, 37.502669)))).isEqualTo(2L);
        assertThat(geo.geoDist(b("g"), b("Palermo"), b("Catania")).getValue()).isBetween(166_274.0, 166_275.0);
        assertThat(geo.geoHash(b("g"), b("Palermo"))).containsExactly("sqc8b49rny0");
        assertThat(geo.geoPos(b("g"), b("Palermo"), b("none"))).satisfiesExactly(
                point -> assertThat(point.getX()).isBetween(13.36, 13.37), point -> assertThat(point).isNull());
        GeoResults<GeoLocation<byte[]>> near = geo.geoSearch(b("g"), GeoReference.fromMember(b("Palermo")),
                GeoShape.byRadius(new Distance(200, Metrics.KILOMETERS)),
                GeoSearchCommandArgs.newGeoSearchArgs().includeDistance().includeCoordinates().sortAscending().limit(5));
        assertThat(near.getContent()).extracting(result -> s(result.getContent().getName())).containsExactly("Palermo", "Catania");
        assertThat(near.getContent().get(1).getDistance().getValue()).isBetween(166.0, 167.0);
        assertThat(near.getContent().get(1).getContent().getPoint().getX()).isBetween(15.08, 15.09);
        assertThat(geo.geoRadiusByMember(b("g"), b("Palermo"), new Distance(10, Metrics.KILOMETERS)).getContent()).hasSize(1);
        assertThat(geo.geoSearchStore(b("g2"), b("g"), GeoReference.fromCoordinate(15, 37), GeoShape.byBox(400, 400, org.springframework.data.redis.connection.RedisGeoCommands.DistanceUnit.KILOMETERS),
                org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchStoreCommandArgs.newGeoSearchStoreArgs()))
                .isEqualTo(2L);
        assertThat(geo.geoRemove(b("g"), b("Palermo"))).isEqualTo(1L);

        var hll = connection.hyperLogLogCommands();
        hll.pfAdd(b("h1"), b("a"), b("b"));
        hll.pfAdd(b("h2"), b("b"), b("c"));
        hll.pfMerge(b("h3"), b("h1"), b("h2"));
        assertThat(hll.pfCount(b("h3"))).isEqualTo(3L);
    }

    @Test
    void streams() {
        var streams = connection.streamCommands();
        RecordId first = streams.xAdd(StreamRecords.newRecord().in(b("st")).ofBytes(Map.of(b("f"), b("1"))));
        streams.xAdd(StreamRecords.newRecord().in(b("st")).ofBytes(Map.of(b("f"), b("2"))));
        assertThat(streams.xLen(b("st"))).isEqualTo(2L);
        assertThat(streams.xRange(b("st"), Range.unbounded(), Limit.limit().count(1))).extracting(ByteRecord::getId).containsExactly(first);
        assertThat(streams.xRevRange(b("st"), Range.unbounded(), Limit.unlimited())).hasSize(2);
        assertThat(streams.xGroupCreate(b("st"), "g", ReadOffset.from("0"))).isEqualTo("OK");
        List<ByteRecord> read = streams.xReadGroup(Consumer.from("g", "c1"), StreamReadOptions.empty().count(5),
                StreamOffset.create(b("st"), ReadOffset.lastConsumed()));
        assertThat(read).hasSize(2);
        assertThat(s(read.get(0).getValue().values().iterator().next())).isEqualTo("1");
        PendingMessagesSummary summary = streams.xPending(b("st"), "g");
        assertThat(summary.getTotalPendingMessages()).isEqualTo(2L);
        assertThat(summary.getPendingMessagesPerConsumer()).containsEntry("c1", 2L);
        PendingMessages pending = streams.xPending(b("st"), "g",
                org.springframework.data.redis.connection.RedisStreamCommands.XPendingOptions.unbounded(10L));
        assertThat(pending.size()).isEqualTo(2);
        assertThat(streams.xClaim(b("st"), "g", "c2", org.springframework.data.redis.connection.RedisStreamCommands.XClaimOptions
                .minIdle(Duration.ZERO).ids(first))).extracting(ByteRecord::getId).containsExactly(first);
        assertThat(streams.xAck(b("st"), "g", first)).isEqualTo(1L);
        assertThat(streams.xInfoGroups(b("st")).size()).isEqualTo(1);
        assertThat(streams.xInfoConsumers(b("st"), "g").size()).isEqualTo(2);
        assertThat(streams.xRead(StreamReadOptions.empty().block(Duration.ofMillis(100)), StreamOffset.create(b("st"), ReadOffset.latest())))
                .isEmpty();
        assertThat(streams.xGroupDelConsumer(b("st"), Consumer.from("g", "c2"))).isTrue();
        assertThat(streams.xDel(b("st"), first)).isEqualTo(1L);
        assertThat(streams.xTrim(b("st"), 0)).isEqualTo(1L);
        assertThat(streams.xGroupDestroy(b("st"), "g")).isTrue();
    }

    @Test
    void scriptsAndServer() {
        var scripts = connection.scriptingCommands();
        String sha = scripts.scriptLoad(b("return {1, 'two', {3}}"));
        assertThat(scripts.scriptExists(sha, "0000000000000000000000000000000000000000")).containsExactly(true, false);
        List<Object> multi = scripts.evalSha(sha, ReturnType.MULTI, 0);
        assertThat(multi).hasSize(3);
        assertThat(multi.get(0)).isEqualTo(1L);
        assertThat(s((byte[]) multi.get(1))).isEqualTo("two");
        assertThat((Boolean) scripts.eval(b("return 1"), ReturnType.BOOLEAN, 0)).isTrue();
        assertThat((String) scripts.eval(b("return redis.call('SET', KEYS[1], ARGV[1])"), ReturnType.STATUS, 1, b("k"), b("v")))
                .isEqualTo("OK");
        assertThat(s(scripts.eval(b("return redis.call('GET', KEYS[1])"), ReturnType.VALUE, 1, b("k")))).isEqualTo("v");
        scripts.scriptFlush();
        assertThat(scripts.scriptExists(sha)).containsExactly(false);

        var server = connection.serverCommands();
        assertThat(server.dbSize()).isEqualTo(1L);
        assertThat(server.info("server").getProperty("redis_version")).isNotBlank();
        assertThat(server.getConfig("maxmemory-policy").getProperty("maxmemory-policy")).isNotBlank();
        assertThat(server.time(TimeUnit.MILLISECONDS)).isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));
        assertThat(server.lastSave()).isNotNull();
        assertThat(server.getClientList()).isNotEmpty();
        assertThat(s(connection.echo(b("hi")))).isEqualTo("hi");
        assertThat(s((byte[]) connection.execute("GET", b("k")))).isEqualTo("v");
        server.flushDb();
        assertThat(server.dbSize()).isZero();
    }
}
