package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStreamCommands.XPendingOptions;
import org.springframework.data.redis.connection.stream.Consumer;
import org.springframework.data.redis.connection.stream.ReadOffset;
import org.springframework.data.redis.connection.stream.StreamOffset;
import org.springframework.data.redis.connection.stream.StreamReadOptions;
import org.springframework.data.redis.connection.stream.StreamRecords;

/**
 * Methods only Spring Data Redis 4.0's SPI has (so module spring-data-redis-3.5-it leaves this class out). The hash
 * field-expiry commands (HGETDEL, HGETEX, HSETEX...) need Redis 8 or Valkey 9, newer than the servers tested here.
 */
class SpringDataRedis40CommandsIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    private static FastpathConnectionFactory factory;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(SERVER.server().uri()));
        factory.afterPropertiesSet();
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    private static byte[] b(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void sInterCardCountsTheIntersection() {
        try (RedisConnection connection = factory.getConnection()) {
            connection.setCommands().sAdd(b("a"), b("1"), b("2"), b("3"));
            connection.setCommands().sAdd(b("b"), b("2"), b("3"), b("4"));
            assertThat(connection.setCommands().sInterCard(b("a"), b("b"))).isEqualTo(2L);
        }
    }

    @Test
    void theReactiveSInterCardAndXPendingWithMinimumIdleTime() {
        var connection = factory.getReactiveConnection();
        java.util.function.Function<String, java.nio.ByteBuffer> buffer = text -> java.nio.ByteBuffer.wrap(b(text));
        connection.setCommands().sAdd(buffer.apply("ra"), java.util.List.of(buffer.apply("1"), buffer.apply("2"))).block();
        connection.setCommands().sAdd(buffer.apply("rb"), java.util.List.of(buffer.apply("2"), buffer.apply("3"))).block();
        reactor.test.StepVerifier.create(connection.setCommands().sInterCard(java.util.List.of(buffer.apply("ra"), buffer.apply("rb"))))
                .expectNext(1L).verifyComplete();
        var streams = connection.streamCommands();
        streams.xAdd(buffer.apply("ridle"), java.util.Map.of(buffer.apply("f"), buffer.apply("v"))).block();
        streams.xGroupCreate(buffer.apply("ridle"), "g", ReadOffset.from("0")).block();
        streams.xReadGroup(Consumer.from("g", "c"), StreamReadOptions.empty(), StreamOffset.create(buffer.apply("ridle"),
                ReadOffset.lastConsumed())).blockLast();
        reactor.test.StepVerifier.create(streams.xPending(buffer.apply("ridle"), "g", Range.unbounded(), 10L, Duration.ofHours(1))
                .map(messages -> messages.size())).expectNext(0).verifyComplete();
        reactor.test.StepVerifier.create(streams.xPending(buffer.apply("ridle"), "g", Range.unbounded(), 10L)
                .map(messages -> messages.size())).expectNext(1).verifyComplete();
        connection.closeLater().block();
    }

    @Test
    void xPendingFiltersByMinimumIdleTime() {
        try (RedisConnection connection = factory.getConnection()) {
            var streams = connection.streamCommands();
            streams.xAdd(StreamRecords.newRecord().in(b("idle")).ofBytes(java.util.Map.of(b("f"), b("v"))));
            streams.xGroupCreate(b("idle"), "g", ReadOffset.from("0"));
            streams.xReadGroup(Consumer.from("g", "c"), StreamReadOptions.empty(), StreamOffset.create(b("idle"), ReadOffset.lastConsumed()));
            assertThat(streams.xPending(b("idle"), "g", XPendingOptions.range(Range.unbounded(), 10L)
                    .minIdleTime(Duration.ofHours(1))).size()).isZero();
            assertThat(streams.xPending(b("idle"), "g", XPendingOptions.range(Range.unbounded(), 10L)).size()).isEqualTo(1);
        }
    }
}
