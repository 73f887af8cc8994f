package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.Range;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.Metrics;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.connection.BitFieldSubCommands;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.ReactiveListCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.ReactiveZSetCommands;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoLocation;
import org.springframework.data.redis.connection.RedisGeoCommands.GeoSearchCommandArgs;
import org.springframework.data.redis.connection.RedisStringCommands.BitOperation;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.ValueEncoding;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.RecordId;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.data.redis.domain.geo.GeoReference;
import org.springframework.data.redis.domain.geo.GeoShape;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Each reactive command group through the SPI, with the values Spring Data Redis's own reactive tests expect. */
class ReactiveCommandGroupsIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;
    private ReactiveRedisConnection connection;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void open() {
        SERVER.server().call("FLUSHALL");
        connection = factory.getReactiveConnection();
    }

    @AfterEach
    void close() {
        connection.closeLater().block();
    }

    private static ByteBuffer b(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String s(ByteBuffer buffer) {
        return StandardCharsets.UTF_8.decode(buffer.duplicate()).toString();
    }

    @Test
    void stringAndNumberCommands() {
        var strings = connection.stringCommands();
        StepVerifier.create(strings.set(b("k"), b("v"), Expiration.seconds(60), org.springframework.data.redis.connection.RedisStringCommands.SetOption.ifAbsent()))
                .expectNext(true).verifyComplete();
        StepVerifier.create(strings.setNX(b("k"), b("w"))).expectNext(false).verifyComplete();
        StepVerifier.create(strings.setGet(b("k"), b("w"), Expiration.persistent(),
                org.springframework.data.redis.connection.RedisStringCommands.SetOption.upsert()).map(ReactiveCommandGroupsIT::s))
                .expectNext("v").verifyComplete();
        StepVerifier.create(strings.getEx(b("k"), Expiration.seconds(30)).map(ReactiveCommandGroupsIT::s)).expectNext("w").verifyComplete();
        StepVerifier.create(strings.getSet(b("k"), b("x")).map(ReactiveCommandGroupsIT::s)).expectNext("w").verifyComplete();
        StepVerifier.create(strings.append(b("k"), b("yz"))).expectNext(3L).verifyComplete();
        StepVerifier.create(strings.getRange(b("k"), 1, 2).map(ReactiveCommandGroupsIT::s)).expectNext("yz").verifyComplete();
        StepVerifier.create(strings.setRange(b("k"), b("Q"), 0)).expectNext(3L).verifyComplete();
        StepVerifier.create(strings.strLen(b("k"))).expectNext(3L).verifyComplete();
        StepVerifier.create(strings.getDel(b("k")).map(ReactiveCommandGroupsIT::s)).expectNext("Qyz").verifyComplete();
        StepVerifier.create(strings.get(b("k"))).verifyComplete();
        StepVerifier.create(strings.mSetNX(Map.of(b("a"), b("1"), b("b"), b("2")))).expectNext(true).verifyComplete();
        StepVerifier.create(strings.mGet(List.of(b("a"), b("none"), b("b"))).map(values -> values.stream()
                .map(value -> value == null ? null : s(value)).toList())).expectNext(java.util.Arrays.asList("1", null, "2")).verifyComplete();
        StepVerifier.create(strings.setBit(b("bits"), 7, true)).expectNext(false).verifyComplete();
        StepVerifier.create(strings.getBit(b("bits"), 7)).expectNext(true).verifyComplete();
        StepVerifier.create(strings.bitCount(b("bits"))).expectNext(1L).verifyComplete();
        StepVerifier.create(strings.bitCount(b("bits"), 0, 0)).expectNext(1L).verifyComplete();
        StepVerifier.create(strings.bitPos(b("bits"), true)).expectNext(7L).verifyComplete();
        StepVerifier.create(strings.bitOp(List.of(b("bits")), BitOperation.NOT, b("inverted"))).expectNext(1L).verifyComplete();
        StepVerifier.create(strings.bitField(b("field"), BitFieldSubCommands.create().incr(BitFieldSubCommands.BitFieldType.unsigned(8))
                .valueAt(0).by(5))).expectNext(List.of(5L)).verifyComplete();

        var numbers = connection.numberCommands();
        StepVerifier.create(numbers.incr(b("n"))).expectNext(1L).verifyComplete();
        StepVerifier.create(numbers.incrBy(b("n"), 4L)).expectNext(5L).verifyComplete();
        StepVerifier.create(numbers.decrBy(b("n"), 2)).expectNext(3).verifyComplete();
        StepVerifier.create(numbers.incrBy(b("f"), 1.5)).expectNext(1.5).verifyComplete();
        StepVerifier.create(numbers.decrBy(b("f"), 0.5)).expectNext(1.0).verifyComplete();
        StepVerifier.create(numbers.decr(b("n"))).expectNext(2L).verifyComplete();
        StepVerifier.create(numbers.hIncrBy(b("h"), b("count"), 3L)).expectNext(3L).verifyComplete();
        StepVerifier.create(numbers.hIncrBy(b("h"), b("ratio"), 0.25)).expectNext(0.25).verifyComplete();
    }

    @Test
    void keyCommands() {
        connection.stringCommands().set(b("k"), b("1000")).block();
        var keys = connection.keyCommands();
        StepVerifier.create(keys.exists(b("k"))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.exists(List.of(b("k"), b("k"), b("none")))).expectNext(2L).verifyComplete();
        StepVerifier.create(keys.type(b("k"))).expectNext(DataType.STRING).verifyComplete();
        StepVerifier.create(keys.encodingOf(b("k"))).expectNext(ValueEncoding.RedisValueEncoding.INT).verifyComplete();
        StepVerifier.create(keys.encodingOf(b("none"))).expectNext(ValueEncoding.RedisValueEncoding.VACANT).verifyComplete();
        StepVerifier.create(keys.idletime(b("none"))).verifyComplete();
        StepVerifier.create(keys.copy(b("k"), b("copy"), false)).expectNext(true).verifyComplete();
        StepVerifier.create(keys.rename(b("copy"), b("renamed"))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.renameNX(b("renamed"), b("k"))).expectNext(false).verifyComplete();
        StepVerifier.create(keys.expire(b("k"), Duration.ofSeconds(100))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.ttl(b("k"))).assertNext(ttl -> assertThat(ttl).isBetween(90L, 100L)).verifyComplete();
        StepVerifier.create(keys.pExpire(b("k"), Duration.ofMillis(50_500))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.pTtl(b("k"))).assertNext(ttl -> assertThat(ttl).isBetween(40_000L, 50_500L)).verifyComplete();
        StepVerifier.create(keys.expireAt(b("k"), Instant.now().plusSeconds(200))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.persist(b("k"))).expectNext(true).verifyComplete();
        StepVerifier.create(keys.ttl(b("k"))).expectNext(-1L).verifyComplete();
        StepVerifier.create(keys.touch(List.of(b("k"), b("none")))).expectNext(1L).verifyComplete();
        StepVerifier.create(keys.keys(b("*")).map(found -> found.size())).expectNext(2).verifyComplete();
        StepVerifier.create(keys.randomKey()).expectNextCount(1).verifyComplete();
        StepVerifier.create(keys.move(b("renamed"), 3)).expectNext(true).verifyComplete();
        StepVerifier.create(keys.mDel(List.of(b("k"), b("none")))).expectNext(1L).verifyComplete();
        StepVerifier.create(keys.randomKey()).verifyComplete();
    }

    @Test
    void listCommands() {
        var lists = connection.listCommands();
        StepVerifier.create(lists.rPush(b("l"), List.of(b("a"), b("b"), b("c"), b("b")))).expectNext(4L).verifyComplete();
        StepVerifier.create(lists.lPushX(b("none"), b("x"))).expectNext(0L).verifyComplete();
        StepVerifier.create(lists.lRange(b("l"), 0, -1).map(ReactiveCommandGroupsIT::s)).expectNext("a", "b", "c", "b").verifyComplete();
        StepVerifier.create(lists.lPos(b("l"), b("b"))).expectNext(1L).verifyComplete();
        StepVerifier.create(lists.lPos(ReactiveListCommands.LPosCommand.lPosOf(b("b")).from(b("l")).count(2)))
                .expectNext(1L, 3L).verifyComplete();
        StepVerifier.create(lists.lIndex(b("l"), 2).map(ReactiveCommandGroupsIT::s)).expectNext("c").verifyComplete();
        StepVerifier.create(lists.lInsert(b("l"), org.springframework.data.redis.connection.RedisListCommands.Position.BEFORE, b("c"), b("x")))
                .expectNext(5L).verifyComplete();
        StepVerifier.create(lists.lSet(b("l"), 0L, b("A"))).expectNext(true).verifyComplete();
        StepVerifier.create(lists.lRem(b("l"), 0L, b("b"))).expectNext(2L).verifyComplete();
        StepVerifier.create(lists.lTrim(b("l"), 0, 1)).expectNext(true).verifyComplete();
        StepVerifier.create(lists.lMove(b("l"), b("dest"), ReactiveListCommands.Direction.LEFT, ReactiveListCommands.Direction.RIGHT)
                .map(ReactiveCommandGroupsIT::s)).expectNext("A").verifyComplete();
        StepVerifier.create(lists.rPopLPush(b("l"), b("dest")).map(ReactiveCommandGroupsIT::s)).expectNext("x").verifyComplete();
        StepVerifier.create(lists.lPop(b("dest")).map(ReactiveCommandGroupsIT::s)).expectNext("x").verifyComplete();
        StepVerifier.create(lists.rPop(b("dest")).map(ReactiveCommandGroupsIT::s)).expectNext("A").verifyComplete();
        lists.rPush(b("p"), List.of(b("1"), b("2"), b("3"))).block();
        StepVerifier.create(lists.lPop(b("p"), 2).map(ReactiveCommandGroupsIT::s)).expectNext("1", "2").verifyComplete();
        StepVerifier.create(lists.blPop(List.of(b("empty"), b("p")), Duration.ofSeconds(1)).map(result -> s(result.getKey()) + "=" + s(result.getValue())))
                .expectNext("p=3").verifyComplete();
        StepVerifier.create(lists.blPop(List.of(b("empty")), Duration.ofSeconds(1))).verifyComplete(); // timed out: nothing
        lists.rPush(b("q"), List.of(b("job"))).block();
        StepVerifier.create(lists.bLMove(b("q"), b("done"), ReactiveListCommands.Direction.LEFT, ReactiveListCommands.Direction.LEFT,
                Duration.ofSeconds(1)).map(ReactiveCommandGroupsIT::s)).expectNext("job").verifyComplete();
        StepVerifier.create(lists.lLen(b("done"))).expectNext(1L).verifyComplete();
    }

    @Test
    void setAndHashCommands() {
        var sets = connection.setCommands();
        StepVerifier.create(sets.sAdd(b("s1"), List.of(b("a"), b("b"), b("c")))).expectNext(3L).verifyComplete();
        sets.sAdd(b("s2"), List.of(b("b"), b("c"), b("d"))).block();
        StepVerifier.create(sets.sInter(List.of(b("s1"), b("s2"))).map(ReactiveCommandGroupsIT::s).collectList())
                .assertNext(members -> assertThat(members).containsExactlyInAnyOrder("b", "c")).verifyComplete();
        StepVerifier.create(sets.sUnionStore(b("u"), List.of(b("s1"), b("s2")))).expectNext(4L).verifyComplete();
        StepVerifier.create(sets.sDiff(List.of(b("s1"), b("s2"))).map(ReactiveCommandGroupsIT::s)).expectNext("a").verifyComplete();
        StepVerifier.create(sets.sMIsMember(b("s1"), List.of(b("a"), b("z")))).expectNext(List.of(true, false)).verifyComplete();
        StepVerifier.create(sets.sMove(b("s1"), b("s2"), b("a"))).expectNext(true).verifyComplete();
        StepVerifier.create(sets.sCard(b("s2"))).expectNext(4L).verifyComplete();
        StepVerifier.create(sets.sRandMember(b("u"), 2L).count()).expectNext(2L).verifyComplete();
        StepVerifier.create(sets.sPop(b("u"), 4).count()).expectNext(4L).verifyComplete();
        StepVerifier.create(sets.sPop(b("u"))).verifyComplete();

        var hashes = connection.hashCommands();
        StepVerifier.create(hashes.hMSet(b("h"), Map.of(b("f1"), b("v1"), b("f2"), b("v2")))).expectNext(true).verifyComplete();
        StepVerifier.create(hashes.hSetNX(b("h"), b("f1"), b("other"))).expectNext(false).verifyComplete();
        StepVerifier.create(hashes.hMGet(b("h"), List.of(b("f1"), b("none"))).map(values -> values.get(1) == null ? s(values.get(0)) : "wrong"))
                .expectNext("v1").verifyComplete();
        StepVerifier.create(hashes.hGetAll(b("h")).map(entry -> s(entry.getKey()) + "=" + s(entry.getValue())).collectList())
                .assertNext(entries -> assertThat(entries).containsExactlyInAnyOrder("f1=v1", "f2=v2")).verifyComplete();
        StepVerifier.create(hashes.hRandFieldWithValues(b("h"), 5).count()).expectNext(2L).verifyComplete();
        StepVerifier.create(hashes.hStrLen(b("h"), b("f2"))).expectNext(2L).verifyComplete();
        StepVerifier.create(hashes.hDel(b("h"), List.of(b("f1"), b("none")))).expectNext(1L).verifyComplete();
        StepVerifier.create(hashes.hLen(b("h"))).expectNext(1L).verifyComplete();
    }

    @Test
    void sortedSetCommands() {
        var zsets = connection.zSetCommands();
        StepVerifier.create(zsets.zAdd(b("z"), List.of(new DefaultTuple("a".getBytes(), 1.0), new DefaultTuple("b".getBytes(), 2.0),
                new DefaultTuple("c".getBytes(), 3.0)))).expectNext(3L).verifyComplete();
        StepVerifier.create(zsets.zAdd(Mono.just(ReactiveZSetCommands.ZAddCommand.tuple(new DefaultTuple("a".getBytes(), 5.0))
                .to(b("z")).incr())).map(response -> response.getOutput())).expectNext(6.0).verifyComplete();
        StepVerifier.create(zsets.zAdd(Mono.just(ReactiveZSetCommands.ZAddCommand.tuple(new DefaultTuple("a".getBytes(), 5.0))
                .to(b("z")).incr().nx())).count()).expectNext(0L).verifyComplete(); // NX kept it: nil, no response
        StepVerifier.create(zsets.zRange(b("z"), Range.closed(0L, -1L)).map(ReactiveCommandGroupsIT::s)).expectNext("b", "c", "a").verifyComplete();
        StepVerifier.create(zsets.zRevRangeWithScores(b("z"), Range.closed(0L, 0L)).map(Tuple::getScore)).expectNext(6.0).verifyComplete();
        StepVerifier.create(zsets.zRangeByScore(b("z"), Range.closed(2.0, 3.0)).map(ReactiveCommandGroupsIT::s)).expectNext("b", "c").verifyComplete();
        StepVerifier.create(zsets.zRangeByScore(b("z"), Range.unbounded(), Limit.limit().offset(1).count(1)).map(ReactiveCommandGroupsIT::s))
                .expectNext("c").verifyComplete();
        StepVerifier.create(zsets.zRank(b("z"), b("a"))).expectNext(2L).verifyComplete();
        StepVerifier.create(zsets.zRevRank(b("z"), b("a"))).expectNext(0L).verifyComplete();
        StepVerifier.create(zsets.zCount(b("z"), Range.closed(2.0, 6.0))).expectNext(3L).verifyComplete();
        StepVerifier.create(zsets.zMScore(b("z"), List.of(b("b"), b("none")))).expectNext(java.util.Arrays.asList(2.0, null)).verifyComplete();
        StepVerifier.create(zsets.zRangeStoreByScore(b("z"), b("stored"), Range.closed(2.0, 3.0), Limit.unlimited())).expectNext(2L).verifyComplete();
        connection.zSetCommands().zAdd(b("lex"), List.of(new DefaultTuple("a".getBytes(), 0.0), new DefaultTuple("b".getBytes(), 0.0),
                new DefaultTuple("c".getBytes(), 0.0))).block();
        StepVerifier.create(zsets.zRangeByLex(b("lex"), Range.closed("a", "b")).map(ReactiveCommandGroupsIT::s)).expectNext("a", "b").verifyComplete();
        StepVerifier.create(zsets.zRevRangeByLex(b("lex"), Range.rightOpen("a", "c")).map(ReactiveCommandGroupsIT::s)).expectNext("b", "a").verifyComplete();
        StepVerifier.create(zsets.zLexCount(b("lex"), Range.leftOpen("a", "c"))).expectNext(2L).verifyComplete();
        StepVerifier.create(zsets.zUnionStore(b("sum"), List.of(b("z"), b("stored")), List.of(1.0, 10.0), Aggregate.SUM)).expectNext(3L).verifyComplete();
        StepVerifier.create(zsets.zScore(b("sum"), b("b"))).expectNext(22.0).verifyComplete();
        StepVerifier.create(zsets.zInterWithScores(List.of(b("z"), b("stored")), List.of(2.0, 1.0), Aggregate.MAX).map(Tuple::getScore))
                .expectNext(4.0, 6.0).verifyComplete();
        StepVerifier.create(zsets.zDiff(List.of(b("z"), b("stored"))).map(ReactiveCommandGroupsIT::s)).expectNext("a").verifyComplete();
        StepVerifier.create(zsets.zPopMin(b("z")).map(Tuple::getScore)).expectNext(2.0).verifyComplete();
        StepVerifier.create(zsets.zPopMax(b("z"), 5).map(Tuple::getScore)).expectNext(6.0, 3.0).verifyComplete();
        StepVerifier.create(zsets.bZPopMin(b("stored"), Duration.ofSeconds(1)).map(Tuple::getScore)).expectNext(2.0).verifyComplete();
        StepVerifier.create(zsets.zRemRangeByScore(b("sum"), Range.closed(0.0, 25.0))).expectNext(2L).verifyComplete();
        StepVerifier.create(zsets.zCard(b("sum"))).expectNext(1L).verifyComplete();
    }

    @Test
    void streamGeoHyperLogLogScriptingAndServerCommands() {
        var streams = connection.streamCommands();
        RecordId first = streams.xAdd(b("s"), Map.of(b("f"), b("1"))).block();
        RecordId second = streams.xAdd(b("s"), Map.of(b("f"), b("2"))).block();
        StepVerifier.create(streams.xLen(b("s"))).expectNext(2L).verifyComplete();
        StepVerifier.create(streams.xRange(b("s"), Range.unbounded()).map(record -> record.getId())).expectNext(first, second).verifyComplete();
        StepVerifier.create(streams.xRevRange(b("s"), Range.unbounded(), Limit.limit().count(1)).map(record -> record.getId()))
                .expectNext(second).verifyComplete();
        StepVerifier.create(streams.xGroupCreate(b("s"), "g", ReadOffset.from("0"))).expectNext("OK").verifyComplete();
        StepVerifier.create(streams.xReadGroup(Consumer.from("g", "c1"), StreamReadOptions.empty().count(1), StreamOffset.create(b("s"),
                ReadOffset.lastConsumed())).map(record -> s(record.getValue().get(b("f"))))).expectNext("1").verifyComplete();
        StepVerifier.create(streams.xPending(b("s"), "g").map(summary -> summary.getTotalPendingMessages())).expectNext(1L).verifyComplete();
        StepVerifier.create(streams.xPending(b("s"), "g", Range.unbounded(), 10L).map(messages -> messages.size())).expectNext(1).verifyComplete();
        StepVerifier.create(streams.xClaimJustId(b("s"), "g", "c2", org.springframework.data.redis.connection.RedisStreamCommands.XClaimOptions
                .minIdle(Duration.ZERO).ids(first))).expectNext(first).verifyComplete();
        StepVerifier.create(streams.xAck(b("s"), "g", first)).expectNext(1L).verifyComplete();
        StepVerifier.create(streams.xInfo(b("s")).map(info -> info.streamLength())).expectNext(2L).verifyComplete();
        StepVerifier.create(streams.xInfoGroups(b("s")).map(group -> group.groupName())).expectNext("g").verifyComplete();
        StepVerifier.create(streams.xInfoConsumers(b("s"), "g").count()).expectNext(2L).verifyComplete();
        StepVerifier.create(streams.xRead(StreamOffset.fromStart(b("s"))).count()).expectNext(2L).verifyComplete();
        StepVerifier.create(streams.xDel(b("s"), first)).expectNext(1L).verifyComplete();
        StepVerifier.create(streams.xTrim(b("s"), 0)).expectNext(1L).verifyComplete();

        var geo = connection.geoCommands();
        StepVerifier.create(geo.geoAdd(b("g"), List.of(new GeoLocation<>(b("Palermo"), new Point(13.361389, 38.115556)),
                new GeoLocation<>(b("Catania"), new Point(15.087269, 37.502669))))).expectNext(2L).verifyComplete();
        StepVerifier.create(geo.geoDist(b("g"), b("Palermo"), b("Catania"), Metrics.KILOMETERS).map(Distance::getValue))
                .assertNext(km -> assertThat(km).isBetween(166.0, 167.0)).verifyComplete();
        StepVerifier.create(geo.geoHash(b("g"), b("Palermo"))).expectNext("sqc8b49rny0").verifyComplete();
        StepVerifier.create(geo.geoPos(b("g"), b("Palermo")).map(point -> Math.round(point.getX()))).expectNext(13L).verifyComplete();
        StepVerifier.create(geo.geoSearch(b("g"), GeoReference.fromMember(b("Palermo")), GeoShape.byRadius(new Distance(200, Metrics.KILOMETERS)),
                GeoSearchCommandArgs.newGeoSearchArgs().includeDistance().sortAscending()).map(result -> s(result.getContent().getName())))
                .expectNext("Palermo", "Catania").verifyComplete();

        StepVerifier.create(connection.hyperLogLogCommands().pfAdd(b("hll"), List.of(b("a"), b("b")))).expectNext(1L).verifyComplete();
        StepVerifier.create(connection.hyperLogLogCommands().pfMerge(b("merged"), List.of(b("hll")))).expectNext(true).verifyComplete();
        StepVerifier.create(connection.hyperLogLogCommands().pfCount(b("merged"))).expectNext(2L).verifyComplete();

        var scripts = connection.scriptingCommands();
        String sha = scripts.scriptLoad(b("return {KEYS[1], ARGV[1]}")).block();
        StepVerifier.create(scripts.scriptExists(List.of(sha, "0000000000000000000000000000000000000000"))).expectNext(true, false).verifyComplete();
        StepVerifier.create(scripts.<List<Object>>evalSha(sha, ReturnType.MULTI, 1, b("key"), b("arg"))
                .map(list -> list.stream().map(each -> new String((byte[]) each, StandardCharsets.UTF_8)).toList()))
                .expectNext(List.of("key", "arg")).verifyComplete();
        StepVerifier.create(scripts.<Long>eval(b("return 42"), ReturnType.INTEGER, 0)).expectNext(42L).verifyComplete();

        var server = connection.serverCommands();
        StepVerifier.create(server.dbSize()).assertNext(size -> assertThat(size).isPositive()).verifyComplete();
        StepVerifier.create(server.info("server").map(info -> info.getProperty("redis_version"))).expectNextCount(1).verifyComplete();
        StepVerifier.create(server.time(TimeUnit.SECONDS)).assertNext(now -> assertThat(now).isCloseTo(Instant.now().getEpochSecond(),
                org.assertj.core.data.Offset.offset(60L))).verifyComplete();
        StepVerifier.create(server.getConfig("maxmemory").map(config -> config.containsKey("maxmemory"))).expectNext(true).verifyComplete();
        StepVerifier.create(server.getClientList().count()).assertNext(count -> assertThat(count).isPositive()).verifyComplete();
        StepVerifier.create(server.flushDb()).expectNext("OK").verifyComplete();
        StepVerifier.create(connection.ping()).expectNext("PONG").verifyComplete();
    }
}
