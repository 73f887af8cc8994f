package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.command.ScanArgs;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** SCAN families as a Flux: every element comes, and a page is fetched only when the subscriber asks for more. */
class ReactiveScanIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int KEYS = 300;

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private RedisClient client;
    private RedisReactiveClient reactive;

    @BeforeEach
    void fill() {
        client = RedisClient.create(redis.server().uri());
        reactive = FastpathReactive.of(client);
        client.flushall();
        Map<String, String> entries = new HashMap<>();
        for (int i = 0; i < KEYS; i++) {
            entries.put("key:" + i, "v");
        }
        client.mset(entries);
        ServerStats.resetStats(redis.server());
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void theWholeKeySpaceComes() {
        Set<String> keys = new HashSet<>(reactive.scan(ScanArgs.none().count(20)).collectList().block(WAIT));

        assertThat(keys).hasSize(KEYS);
    }

    @Test
    void aPageIsFetchedOnlyWhenTheSubscriberWantsMoreThanThePreviousPagesHeld() {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        StepVerifier.create(reactive.scan(ScanArgs.none().count(10)).doOnNext(seen::add), 5)
                .expectNextCount(5)
                .then(() -> assertThat(ServerStats.calls(redis.server(), "scan")).isEqualTo(1)) // a page holds at least COUNT keys
                .thenRequest(Long.MAX_VALUE)
                .thenConsumeWhile(key -> true)
                .verifyComplete();

        assertThat(seen).hasSize(KEYS);
        assertThat(ServerStats.calls(redis.server(), "scan")).isLessThanOrEqualTo(KEYS / 10 + 1);
    }

    @Test
    void cancellingStopsTheIteration() {
        StepVerifier.create(reactive.scan(ScanArgs.none().count(10)), 3)
                .expectNextCount(3)
                .thenCancel()
                .verify(WAIT);

        assertThat(ServerStats.calls(redis.server(), "scan")).isEqualTo(1);
    }

    @Test
    void hashSetAndSortedSetScansComeWhole() {
        client.hset("hash", Map.of("a", "1", "b", "2"));
        client.sadd("set", List.of("x", "y", "z"));
        client.zadd("zset", 1.0, "m");

        StepVerifier.create(reactive.hscan("hash", ScanArgs.none()).map(Map.Entry::getKey).collectList())
                .assertNext(fields -> assertThat(fields).containsExactlyInAnyOrder("a", "b")).verifyComplete();
        StepVerifier.create(reactive.sscan("set", ScanArgs.none()).collectList())
                .assertNext(members -> assertThat(members).containsExactlyInAnyOrder("x", "y", "z")).verifyComplete();
        StepVerifier.create(reactive.zscan("zset", ScanArgs.none()).map(scored -> scored.value()))
                .expectNext("m").verifyComplete();
    }
}
