package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Range;
import org.springframework.data.geo.Circle;
import org.springframework.data.geo.Distance;
import org.springframework.data.geo.Metrics;
import org.springframework.data.geo.Point;
import org.springframework.data.redis.RedisSystemException;
import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.ReactiveSubscription.Message;
import org.springframework.data.redis.connection.ReactiveSubscription.PatternMessage;
import org.springframework.data.redis.connection.stream.MapRecord;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.core.ReactiveRedisTemplate;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.PatternTopic;
import org.springframework.data.redis.listener.ReactiveRedisMessageListenerContainer;
import org.springframework.data.redis.serializer.RedisSerializationContext;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** ReactiveStringRedisTemplate and ReactiveRedisTemplate as applications write them, on Fastpath's factory and a real redis-server. */
class ReactiveTemplateIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;
    private static ReactiveStringRedisTemplate template;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()).clientName("reactive-it"));
        factory.afterPropertiesSet();
        template = new ReactiveStringRedisTemplate(factory);
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void flush() {
        SERVER.server().call("FLUSHALL");
        ServerStats.resetStats(SERVER.server());
    }

    @Test
    void valueListHashSetAndSortedSetOperations() {
        StepVerifier.create(template.opsForValue().set("greeting", "hello", Duration.ofMinutes(1))).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForValue().get("greeting")).expectNext("hello").verifyComplete();
        StepVerifier.create(template.getExpire("greeting")).assertNext(ttl -> assertThat(ttl).isBetween(Duration.ofSeconds(1),
                Duration.ofMinutes(1))).verifyComplete();
        StepVerifier.create(template.opsForValue().setIfAbsent("greeting", "again")).expectNext(false).verifyComplete();
        StepVerifier.create(template.opsForValue().get("missing")).verifyComplete();
        StepVerifier.create(template.opsForValue().increment("visits", 5)).expectNext(5L).verifyComplete();
        StepVerifier.create(template.opsForValue().increment("ratio", 0.5)).expectNext(0.5).verifyComplete();
        StepVerifier.create(template.opsForValue().multiSet(Map.of("m1", "a", "m2", "b"))).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForValue().multiGet(List.of("m1", "m2", "none"))).expectNext(java.util.Arrays.asList("a", "b", null))
                .verifyComplete();
        StepVerifier.create(template.opsForValue().getAndDelete("m1")).expectNext("a").verifyComplete();

        StepVerifier.create(template.opsForList().rightPushAll("list", "a", "b", "c")).expectNext(3L).verifyComplete();
        StepVerifier.create(template.opsForList().range("list", 0, -1)).expectNext("a", "b", "c").verifyComplete();
        StepVerifier.create(template.opsForList().leftPop("list")).expectNext("a").verifyComplete();
        StepVerifier.create(template.opsForList().size("list")).expectNext(2L).verifyComplete();

        StepVerifier.create(template.opsForHash().putAll("user:1", Map.of("name", "Ada", "lang", "en"))).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForHash().get("user:1", "name")).expectNext("Ada").verifyComplete();
        StepVerifier.create(template.opsForHash().entries("user:1").collectMap(Map.Entry::getKey, Map.Entry::getValue))
                .expectNext(Map.of("name", "Ada", "lang", "en")).verifyComplete();
        StepVerifier.create(template.opsForHash().increment("user:1", "age", 36)).expectNext(36L).verifyComplete();

        StepVerifier.create(template.opsForSet().add("tags", "a", "b", "c")).expectNext(3L).verifyComplete();
        StepVerifier.create(template.opsForSet().isMember("tags", "b")).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForSet().members("tags").collectList())
                .assertNext(members -> assertThat(members).containsExactlyInAnyOrder("a", "b", "c")).verifyComplete();

        StepVerifier.create(template.opsForZSet().add("board", "ada", 3.0)).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForZSet().add("board", "bob", 1.5)).expectNext(true).verifyComplete();
        StepVerifier.create(template.opsForZSet().range("board", Range.closed(0L, -1L))).expectNext("bob", "ada").verifyComplete();
        StepVerifier.create(template.opsForZSet().rangeWithScores("board", Range.closed(0L, 0L)).map(tuple -> tuple.getScore()))
                .expectNext(1.5).verifyComplete();
        StepVerifier.create(template.opsForZSet().incrementScore("board", "bob", 2.0)).expectNext(3.5).verifyComplete();
        StepVerifier.create(template.opsForZSet().score("board", "nobody")).verifyComplete();
        StepVerifier.create(template.opsForZSet().count("board", Range.closed(3.0, 4.0))).expectNext(2L).verifyComplete();

        StepVerifier.create(template.delete("greeting", "list", "user:1")).expectNext(3L).verifyComplete();
        StepVerifier.create(template.hasKey("greeting")).expectNext(false).verifyComplete();
    }

    @Test
    void streamsGeoHyperLogLogAndLuaScripts() {
        StepVerifier.create(template.opsForStream().add(MapRecord.create("events", Map.of("type", "login"))))
                .assertNext(id -> assertThat(id.getValue()).contains("-")).verifyComplete();
        StepVerifier.create(template.opsForStream().size("events")).expectNext(1L).verifyComplete();
        StepVerifier.create(template.opsForStream().read(StreamOffset.fromStart("events")).map(record -> record.getValue()))
                .expectNext(Map.of("type", "login")).verifyComplete();

        StepVerifier.create(template.opsForGeo().add("cities", new Point(13.361389, 38.115556), "Palermo")).expectNext(1L).verifyComplete();
        StepVerifier.create(template.opsForGeo().add("cities", new Point(15.087269, 37.502669), "Catania")).expectNext(1L).verifyComplete();
        StepVerifier.create(template.opsForGeo().distance("cities", "Palermo", "Catania", Metrics.KILOMETERS))
                .assertNext(distance -> assertThat(distance.getValue()).isBetween(166.0, 167.0)).verifyComplete();
        StepVerifier.create(template.opsForGeo().radius("cities", new Circle(new Point(15, 37), new Distance(200, Metrics.KILOMETERS)))
                .map(result -> result.getContent().getName()).collectList())
                .assertNext(names -> assertThat(names).containsExactlyInAnyOrder("Palermo", "Catania")).verifyComplete();

        StepVerifier.create(template.opsForHyperLogLog().add("visitors", "a", "b", "c", "a")).expectNext(1L).verifyComplete();
        StepVerifier.create(template.opsForHyperLogLog().size("visitors")).expectNext(3L).verifyComplete();

        RedisScript<Long> script = RedisScript.of("return redis.call('INCRBY', KEYS[1], ARGV[1])", Long.class);
        StepVerifier.create(template.execute(script, List.of("counter"), List.of("7"))).expectNext(7L).verifyComplete();
        StepVerifier.create(template.execute(script, List.of("counter"), List.of("3"))).expectNext(10L).verifyComplete();
    }

    @Test
    void aKeyScanSendsOneScanPerPageAsTheSubscriberAsks() {
        Flux.range(0, 300).concatMap(i -> template.opsForValue().set("k:" + i, "v")).blockLast(WAIT);
        ServerStats.resetStats(SERVER.server());
        Flux<String> keys = template.scan(ScanOptions.scanOptions().match("k:*").count(10).build());

        StepVerifier.create(keys, 0)
                .expectSubscription()
                .then(() -> assertThat(ServerStats.calls(SERVER.server(), "scan")).isZero()) // nothing before a request
                .thenRequest(1)
                .expectNextCount(1)
                .then(() -> assertThat(ServerStats.calls(SERVER.server(), "scan")).isEqualTo(1)) // one page for that demand
                .thenCancel()
                .verify(WAIT);
        StepVerifier.create(template.opsForValue().get("k:0")).expectNext("v").verifyComplete();
        assertThat(ServerStats.calls(SERVER.server(), "scan")).isEqualTo(1); // cancelled: no further page was asked for

        ServerStats.resetStats(SERVER.server());
        StepVerifier.create(keys.collectList()).assertNext(all -> assertThat(all).hasSize(300).doesNotHaveDuplicates())
                .verifyComplete();
        assertThat(ServerStats.calls(SERVER.server(), "scan")).isGreaterThan(10); // COUNT 10: the whole key space took many pages
    }

    @Test
    void hashSetAndSortedSetScansAreDemandDrivenToo() {
        Map<String, String> fields = new java.util.HashMap<>();
        for (int i = 0; i < 200; i++) {
            fields.put("f" + i, "v" + i);
        }
        template.opsForHash().putAll("big-hash", fields).block(WAIT);
        template.opsForSet().add("big-set", fields.keySet().toArray(String[]::new)).block(WAIT);
        Flux.fromIterable(fields.keySet()).concatMap(field -> template.opsForZSet().add("big-zset", field, 1.0)).blockLast(WAIT);
        ServerStats.resetStats(SERVER.server());

        StepVerifier.create(template.opsForHash().scan("big-hash", ScanOptions.scanOptions().count(5).build()), 0)
                .thenRequest(1).expectNextCount(1)
                .then(() -> assertThat(ServerStats.calls(SERVER.server(), "hscan")).isEqualTo(1))
                .thenCancel().verify(WAIT);
        StepVerifier.create(template.opsForSet().scan("big-set", ScanOptions.scanOptions().count(5).build()).collectList())
                .assertNext(members -> assertThat(members).hasSize(200)).verifyComplete();
        StepVerifier.create(template.opsForZSet().scan("big-zset", ScanOptions.NONE).count()).expectNext(200L).verifyComplete();
        assertThat(ServerStats.calls(SERVER.server(), "hscan")).isEqualTo(1);
    }

    @Test
    void aBlockingPopWaitsForAPushWithoutHoldingASharedConnection() {
        StepVerifier.create(template.opsForList().leftPop("queue", Duration.ofSeconds(5)))
                .then(() -> {
                    Conditions.await("BLPOP to block on the server", () -> blockedClients() == 1, WAIT);
                    StepVerifier.create(template.opsForValue().set("meanwhile", "shared connections still answer"))
                            .expectNext(true).verifyComplete();
                    template.opsForList().rightPush("queue", "job").block(WAIT);
                })
                .expectNext("job").verifyComplete();
    }

    private static long blockedClients() {
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("blocked_clients:(\\d+)")
                .matcher(SERVER.server().call("INFO", "clients").toString());
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }

    @Test
    void serverErrorsKeepTheServersCodeAndRefusalsAreSpringsApiUsageException() {
        template.opsForValue().set("text", "x").block(WAIT);
        StepVerifier.create(template.opsForList().leftPush("text", "y"))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(RedisSystemException.class).hasMessageContaining("WRONGTYPE");
                    assertThat(FastpathExceptionTranslator.serverErrorCode(error)).isEqualTo("WRONGTYPE");
                }).verify(WAIT);
        StepVerifier.create(template.execute(connection -> connection.serverCommands().setClientName("renamed")))
                .expectError(InvalidDataAccessApiUsageException.class).verify(WAIT);
        StepVerifier.create(template.scan(ScanOptions.scanOptions().match(new byte[] {(byte) 0xff, '*'}).build()))
                .expectError(InvalidDataAccessApiUsageException.class).verify(WAIT); // not UTF-8: Fastpath takes patterns as text
    }

    @Test
    void theListenerContainerReceivesChannelsAndPatternsAndUnsubscribesOnCancel() {
        ReactiveRedisMessageListenerContainer container = new ReactiveRedisMessageListenerContainer(factory);
        try {
            // receiveLater completes once the server confirmed the subscription (the SubscriptionListener's callback)
            Flux<Message<String, String>> news = container.receiveLater(ChannelTopic.of("news")).block(WAIT);
            Flux<PatternMessage<String, String, String>> sports = container.receiveLater(PatternTopic.of("sport.*")).block(WAIT);
            assertThat(ServerStats.subscribers(SERVER.server(), "news")).isEqualTo(1);

            StepVerifier.create(news)
                    .then(() -> template.convertAndSend("news", "first").block(WAIT))
                    .assertNext(message -> {
                        assertThat(message.getChannel()).isEqualTo("news");
                        assertThat(message.getMessage()).isEqualTo("first");
                    })
                    .thenCancel().verify(WAIT);
            StepVerifier.create(sports)
                    .then(() -> template.convertAndSend("sport.tennis", "ace").block(WAIT))
                    .assertNext(message -> {
                        assertThat(message.getPattern()).isEqualTo("sport.*");
                        assertThat(message.getChannel()).isEqualTo("sport.tennis");
                        assertThat(message.getMessage()).isEqualTo("ace");
                    })
                    .thenCancel().verify(WAIT);
            Conditions.await("the cancelled subscriber to leave the channel",
                    () -> ServerStats.subscribers(SERVER.server(), "news") == 0, WAIT);
        } finally {
            container.destroy();
        }
    }

    @Test
    void theTemplatesListenToDeliversInPublishOrder() {
        AtomicInteger received = new AtomicInteger();
        StepVerifier.create(template.listenToChannel("orders").map(Message::getMessage).take(100))
                .then(() -> {
                    Conditions.await("the subscription", () -> ServerStats.subscribers(SERVER.server(), "orders") == 1, WAIT);
                    Flux.range(0, 100).concatMap(i -> template.convertAndSend("orders", "o" + i)).blockLast(WAIT);
                })
                .thenConsumeWhile(message -> message.equals("o" + received.getAndIncrement()))
                .verifyComplete();
        assertThat(received.get()).isEqualTo(100);
    }

    @Test
    void aGenericTemplateWithJsonValuesAndNoConnectionPerOperation() {
        ReactiveRedisTemplate<String, Object> json = new ReactiveRedisTemplate<>(factory, RedisSerializationContext
                .<String, Object>newSerializationContext(org.springframework.data.redis.serializer.RedisSerializer.string())
                .value(org.springframework.data.redis.serializer.RedisSerializer.java()).build());
        java.util.Set<String> before = clientConnections();
        StepVerifier.create(Flux.range(0, 2_000).flatMap(i -> json.opsForValue().set("obj:" + i, List.of(i, "x")), 64).count())
                .expectNext(2_000L).verifyComplete();
        StepVerifier.create(json.opsForValue().get("obj:1999")).expectNext(List.of(1999, "x")).verifyComplete();
        StepVerifier.create(json.execute(ReactiveRedisConnection::ping)).expectNext("PONG").verifyComplete();
        assertThat(before).isNotEmpty().containsAll(clientConnections()); // 2,000 operations opened nothing: a connection is a view
    }

    /** The ids of the factory's client's connections (named reactive-it) the server holds now. */
    private static java.util.Set<String> clientConnections() {
        return SERVER.server().call("CLIENT", "LIST").toString().lines().filter(line -> line.contains(" name=reactive-it "))
                .map(line -> line.substring(0, line.indexOf(' '))).collect(java.util.stream.Collectors.toSet());
    }
}
