package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.command.StreamEntry;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/** Stream reads as a Flux: each read asks for no more entries than the subscriber wants, and a tail follows new entries. */
class ReactiveStreamsIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration BLOCK = Duration.ofMillis(200);

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private RedisClient client;
    private RedisReactiveClient reactive;

    @BeforeEach
    void connect() {
        client = RedisClient.create(redis.server().uri());
        reactive = FastpathReactive.of(client);
        client.flushall();
        for (int i = 0; i < 100; i++) {
            client.xadd("events", Map.of("n", Integer.toString(i)));
        }
        ServerStats.resetStats(redis.server());
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void aTailReadsNoMoreThanTheSubscriberAskedFor() {
        StepVerifier.create(reactive.xreadFlux("events", "0", BLOCK).map(entry -> entry.fields().get("n")), 10)
                .expectNext("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
                .then(() -> assertThat(ServerStats.calls(redis.server(), "xread")).isEqualTo(1))
                .thenRequest(90)
                .expectNextCount(90)
                .thenCancel()
                .verify(WAIT);

        // Ten entries asked for, then ninety: at most one read per request, each with COUNT of what was left.
        assertThat(ServerStats.calls(redis.server(), "xread")).isEqualTo(2);
    }

    @Test
    void aTailFromNowOnGetsOnlyEntriesAddedAfterItsSubscription() {
        StepVerifier.create(reactive.xreadFlux("events", "$", BLOCK).map(entry -> entry.fields().get("n")))
                .then(() -> {
                    Conditions.await("the tail's XREAD blocked on the server", () -> ServerStats.blockedClients(redis.server()) == 1, WAIT);
                    client.xadd("events", Map.of("n", "new"));
                })
                .expectNext("new")
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void aCancelledTailStopsReading() throws InterruptedException {
        StepVerifier.create(reactive.xreadFlux("events", "$", BLOCK), 1)
                .thenAwait(BLOCK.multipliedBy(2)) // Not synchronization: the tail goes through reads that time out empty
                .thenCancel()
                .verify(WAIT);
        Conditions.await("the cancelled read's connection closed", () -> ServerStats.blockedClients(redis.server()) == 0, WAIT);
        long readsAtCancel = ServerStats.calls(redis.server(), "xread");
        client.xadd("events", Map.of("n", "after"));

        Thread.sleep(BLOCK.multipliedBy(3).toMillis()); // Not synchronization: the window in which a tail still reading would read again
        assertThat(ServerStats.calls(redis.server(), "xread")).isEqualTo(readsAtCancel);
        assertThat(ServerStats.blockedClients(redis.server())).isZero();
    }

    @Test
    void aRangeComesInPagesOfTheDemand() {
        StepVerifier.create(reactive.xrangeFlux("events", "-", "+").map(entry -> entry.fields().get("n")), 30)
                .expectNextCount(30)
                .then(() -> assertThat(ServerStats.calls(redis.server(), "xrange")).isEqualTo(1))
                .thenRequest(Long.MAX_VALUE)
                .expectNextCount(70)
                .verifyComplete();
    }

    @Test
    void aGroupConsumerGetsEachNewEntryOnce() {
        client.xgroupCreate("events", "workers", "0");

        StepVerifier.create(reactive.xreadGroupFlux("events", "workers", "w1", BLOCK).map(StreamEntry::id).take(100))
                .expectNextCount(100)
                .verifyComplete();
        StepVerifier.create(reactive.xreadGroupFlux("events", "workers", "w2", BLOCK), 1)
                .expectSubscription()
                .expectNoEvent(BLOCK.multipliedBy(2)) // Not synchronization: nothing may arrive, the group has delivered all
                .thenCancel()
                .verify(WAIT);
    }
}
