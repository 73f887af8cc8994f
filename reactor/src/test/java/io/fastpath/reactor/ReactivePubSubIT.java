package io.fastpath.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.test.StepVerifier;

/** Subscriptions as a Flux: in order, unsubscribed on cancel, and a bounded buffer for a subscriber without demand. */
class ReactivePubSubIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    private RedisClient client;

    @BeforeEach
    void connect() {
        client = RedisClient.create(redis.server().uri());
    }

    @AfterEach
    void close() {
        client.close();
    }

    private long subscribers(String channel) {
        return ((List<?>) redis.server().call("PUBSUB", "NUMSUB", channel)).size() == 2
                ? Long.parseLong(((List<?>) redis.server().call("PUBSUB", "NUMSUB", channel)).get(1).toString()) : 0;
    }

    @Test
    void messagesComeInOrderAndCancellingUnsubscribes() {
        RedisReactiveClient reactive = FastpathReactive.of(client);

        StepVerifier.create(reactive.subscribe("news").map(PubSubMessage::message).take(50))
                .then(() -> {
                    Conditions.await("the subscription", () -> subscribers("news") == 1, WAIT);
                    IntStream.range(0, 50).forEach(i -> client.publish("news", "m" + i));
                })
                .expectNextSequence(IntStream.range(0, 50).mapToObj(i -> "m" + i).toList())
                .verifyComplete();

        Conditions.await("the unsubscription after take(50) cancelled", () -> subscribers("news") == 0, WAIT);
    }

    @Test
    void aSubscriberWithoutDemandKeepsOnlyTheNewestMessagesOfItsBoundedBuffer() {
        AtomicInteger dropped = new AtomicInteger();
        RedisReactiveClient reactive = FastpathReactive.of(client, ReactiveOptions.defaults()
                .pubSubBuffer(16, BufferOverflowStrategy.DROP_OLDEST).droppedMessages(message -> dropped.incrementAndGet()));

        StepVerifier.create(reactive.subscribe("firehose").map(PubSubMessage::message), 0)
                .then(() -> {
                    Conditions.await("the subscription", () -> subscribers("firehose") == 1, WAIT);
                    IntStream.range(0, 1000).forEach(i -> client.publish("firehose", "m" + i));
                    Conditions.await("984 messages dropped", () -> dropped.get() == 1000 - 16, WAIT);
                })
                .thenRequest(16)
                .expectNextSequence(IntStream.range(1000 - 16, 1000).mapToObj(i -> "m" + i).toList())
                .thenCancel()
                .verify(WAIT);
        assertThat(dropped).hasValue(1000 - 16);
    }

    @Test
    void patternsAndShardChannelsToo() {
        RedisReactiveClient reactive = FastpathReactive.of(client);

        StepVerifier.create(reactive.psubscribe("news.*").map(PubSubMessage::pattern).take(1))
                .then(() -> {
                    Conditions.await("the pattern subscription", () -> redis.server().call("PUBSUB", "NUMPAT").toString().equals("1"), WAIT);
                    client.publish("news.sport", "goal");
                })
                .expectNext("news.*")
                .verifyComplete();
        StepVerifier.create(reactive.ssubscribe("shard").map(PubSubMessage::message).take(1))
                .then(() -> {
                    Conditions.await("the shard subscription",
                            () -> ((List<?>) redis.server().call("PUBSUB", "SHARDNUMSUB", "shard")).get(1).toString().equals("1"), WAIT);
                    client.spublish("shard", "s");
                })
                .expectNext("s")
                .verifyComplete();
    }
}
