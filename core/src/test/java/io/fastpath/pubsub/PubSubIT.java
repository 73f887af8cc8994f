package io.fastpath.pubsub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.CacheOptions;
import io.fastpath.Eventually;
import io.fastpath.PubSubMessage;
import io.fastpath.RedisArgumentException;
import io.fastpath.RedisClient;
import io.fastpath.Subscription;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** SUBSCRIBE, PSUBSCRIBE and SSUBSCRIBE against one real redis-server, over RESP3. */
@SuppressWarnings("try") // subscriptions held open by try-with-resources only to be closed at the end
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PubSubIT {
    RedisServer server;
    RedisClient redis;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).clientName("pubsub-it").build();
    }

    @AfterAll
    void stop() {
        if (redis != null) {
            redis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void subscribedListenerReceivesEachChannelsMessagesInPublishOrderOffTheIoThreads() throws Exception {
        Inbox inbox = new Inbox();
        try (Subscription subscription = redis.subscribe(inbox, "orders", "payments")) {
            for (int i = 0; i < 200; i++) {
                assertThat(redis.publish(i % 2 == 0 ? "orders" : "payments", "m" + i)).isEqualTo(1L);
            }
            List<PubSubMessage> received = inbox.next(200);
            for (int i = 0; i < 200; i++) {
                assertThat(received.get(i).channel()).isEqualTo(i % 2 == 0 ? "orders" : "payments");
                assertThat(received.get(i).message()).isEqualTo("m" + i);
                assertThat(received.get(i).pattern()).isNull();
            }
            assertThat(subscription.names()).containsExactly("orders", "payments");
        }
        assertThat(inbox.threads).noneMatch(name -> name.startsWith("fastpath-io"));
    }

    @Test
    void asyncPublishReachesTheSubscriberWithBinaryPayloadIntact() throws Exception {
        Inbox inbox = new Inbox();
        byte[] payload = {0, (byte) 0xff, 13, 10, 42};
        try (Subscription ignored = redis.subscribe(inbox, "binary")) {
            assertThat(redis.binary().async().publish("binary".getBytes(), payload).get()).isEqualTo(1L);
            assertThat(inbox.next().payload()).containsExactly(payload);
        }
    }

    @Test
    void psubscribeDeliversMatchingChannelsWithThePatternThatMatched() throws Exception {
        Inbox inbox = new Inbox();
        try (Subscription ignored = redis.psubscribe(inbox, "news.*")) {
            redis.publish("news.sport", "goal");
            redis.publish("weather", "rain");
            redis.publish("news.art", "paint");
            List<PubSubMessage> received = inbox.next(2);
            assertThat(received).extracting(PubSubMessage::channel).containsExactly("news.sport", "news.art");
            assertThat(received).extracting(PubSubMessage::pattern).containsOnly("news.*");
            assertThat(received).extracting(PubSubMessage::message).containsExactly("goal", "paint");
        }
    }

    @Test
    void ssubscribeOnAStandaloneServerReceivesSpublish() throws Exception {
        Inbox inbox = new Inbox();
        try (Subscription ignored = redis.ssubscribe(inbox, "{user1}:events")) {
            assertThat(redis.spublish("{user1}:events", "login")).isEqualTo(1L);
            PubSubMessage message = inbox.next();
            assertThat(message.channel()).isEqualTo("{user1}:events");
            assertThat(message.message()).isEqualTo("login");
        }
    }

    @Test
    void unsubscribeStopsDeliveryToThatListenerOnlyAndTheLastOneUnsubscribesOnTheServer() throws Exception {
        Inbox leaving = new Inbox();
        Inbox staying = new Inbox();
        Subscription first = redis.subscribe(leaving, "shared");
        Subscription second = redis.subscribe(staying, "shared");
        redis.publish("shared", "both");
        assertThat(leaving.next().message()).isEqualTo("both");
        assertThat(staying.next().message()).isEqualTo("both");

        first.unsubscribe();
        first.unsubscribe(); // idempotent
        redis.publish("shared", "one");
        assertThat(staying.next().message()).isEqualTo("one");
        // The same push went to both lanes before "one" reached the staying listener; the closed one dropped it.
        assertThat(leaving.drain()).isEmpty();
        assertThat(numsub("shared")).isEqualTo(1L);

        second.close();
        awaitNumsub("shared", 0L);
        assertThat(redis.publish("shared", "nobody")).isEqualTo(0L);
    }

    @Test
    void aListenerThatThrowsKeepsReceivingTheMessagesAfterTheFailure() throws Exception {
        Inbox inbox = new Inbox();
        AtomicInteger calls = new AtomicInteger();
        try (Subscription ignored = redis.subscribe(message -> {
            calls.incrementAndGet();
            inbox.onMessage(message);
            if (message.message().startsWith("bad")) {
                throw new IllegalStateException("listener bug on " + message.message());
            }
        }, "fragile")) {
            for (int i = 0; i < 10; i++) {
                redis.publish("fragile", (i % 2 == 0 ? "bad-" : "good-") + i);
            }
            List<PubSubMessage> received = inbox.next(10);
            assertThat(received).extracting(PubSubMessage::message)
                    .containsExactly("bad-0", "good-1", "bad-2", "good-3", "bad-4", "good-5", "bad-6", "good-7", "bad-8", "good-9");
            assertThat(calls).hasValue(10);
        }
    }

    @Test
    void twoThousandChannelsAreSubscribedAndEachDeliversItsMessage() throws Exception {
        Inbox inbox = new Inbox();
        List<String> channels = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            channels.add("many:" + i);
        }
        try (Subscription ignored = redis.subscribe(inbox, channels.toArray(new String[0]))) {
            assertThat(numsub("many:0")).isEqualTo(1L);
            assertThat(numsub("many:1999")).isEqualTo(1L);
            for (String channel : channels) {
                redis.async().publish(channel, channel);
            }
            List<PubSubMessage> received = inbox.next(2000);
            assertThat(received).allMatch(message -> message.channel().equals(message.message()));
            assertThat(received).extracting(PubSubMessage::channel).containsExactlyElementsOf(channels);
        }
    }

    @Test
    void subscriptionsOfEveryKindComeBackAfterTheSubscriberConnectionIsKilled() throws Exception {
        Inbox channels = new Inbox();
        Inbox patterns = new Inbox();
        Inbox shards = new Inbox();
        try (Subscription a = redis.subscribe(channels, "survivor");
             Subscription b = redis.psubscribe(patterns, "survivor.*");
             Subscription c = redis.ssubscribe(shards, "{s}survivor")) {
            redis.publish("survivor", "before");
            assertThat(channels.next().message()).isEqualTo("before");

            long killed = (Long) server.call("CLIENT", "KILL", "TYPE", "pubsub");
            assertThat(killed).isEqualTo(1L);

            // Messages published while the subscriber reconnects may be lost (at most once); later ones arrive.
            assertThat(publishUntilReceived(channels, i -> redis.publish("survivor", "after-" + i))).isNotNull();
            assertThat(publishUntilReceived(patterns, i -> redis.publish("survivor.x", "after-" + i)).pattern())
                    .isEqualTo("survivor.*");
            assertThat(publishUntilReceived(shards, i -> redis.spublish("{s}survivor", "after-" + i)).channel())
                    .isEqualTo("{s}survivor");
            // The data connections were not touched: commands still work alongside.
            redis.set("still", "fine");
            assertThat(redis.get("still")).isEqualTo("fine");
        }
    }

    @Test
    void concurrentSubscribersOfOneChannelEachReturnOnlyOnceTheServerConfirmedIt() throws Exception {
        int threads = 8;
        List<Inbox> inboxes = new ArrayList<>();
        List<Subscription> subscriptions = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Inbox inbox = new Inbox();
            inboxes.add(inbox);
            String mine = "from-" + i;
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                    subscriptions.add(redis.subscribe(inbox, "race"));
                    redis.publish("race", mine); // returned from subscribe: this message must reach it
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            thread.start();
            started.add(thread);
        }
        go.countDown();
        for (Thread thread : started) {
            thread.join(10_000);
        }
        assertThat(subscriptions).hasSize(threads);
        for (int i = 0; i < threads; i++) {
            String mine = "from-" + i;
            Inbox inbox = inboxes.get(i);
            boolean seen = false;
            while (!seen) {
                seen = inbox.next().message().equals(mine);
            }
        }
        subscriptions.forEach(Subscription::unsubscribe);
    }

    @Test
    void subscriptionsComeBackAfterTheServerRestarts() throws Exception {
        Inbox inbox = new Inbox();
        try (Subscription ignored = redis.subscribe(inbox, "restarted")) {
            server.restart();
            assertThat(publishUntilReceived(inbox, i -> redis.publish("restarted", "after-" + i)).channel()).isEqualTo("restarted");
            assertThat(numsub("restarted")).isEqualTo(1L);
        }
    }

    @Test
    void withTheClientSideCacheOnTheSubscriberConnectionIsNotTracked() throws Exception {
        Inbox inbox = new Inbox();
        try (RedisClient cached = RedisClient.builder().uri(server.uri()).clientName("cached-subscriber")
                .clientSideCache(CacheOptions.maxBytes(1 << 20)).build();
             Subscription ignored = cached.subscribe(inbox, "cached")) {
            cached.publish("cached", "hello");
            assertThat(inbox.next().message()).isEqualTo("hello");
            String subscribers = (String) server.call("CLIENT", "LIST", "TYPE", "pubsub");
            assertThat(subscribers).contains("name=cached-subscriber").contains("flags=P ");
            String all = (String) server.call("CLIENT", "LIST");
            assertThat(all).as("the data connections do track").containsPattern("name=cached-subscriber .*flags=t");
        }
    }

    @Test
    void subscribeWithoutNamesOrListenerFailsBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.subscribe(new Inbox())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.psubscribe(null, "p*")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.ssubscribe(new Inbox(), (String) null)).isInstanceOf(RedisArgumentException.class);
    }

    /**
     * Publishes "after-N" once per round until the inbox receives one of them; at most ~20 s. A publish that
     * fails (the cluster is still moving) counts as a lost round.
     */
    static PubSubMessage publishUntilReceived(Inbox inbox, Function<Integer, Long> publish) throws InterruptedException {
        for (int round = 0; round < 100; round++) {
            try {
                publish.apply(round);
            } catch (RuntimeException stillMoving) {
                continue;
            }
            PubSubMessage received = inbox.awaitPayloadStartingWith("after-");
            if (received != null) {
                return received;
            }
        }
        throw new AssertionError("no message arrived after 100 publishes");
    }

    private long numsub(String channel) {
        List<?> reply = (List<?>) server.call("PUBSUB", "NUMSUB", channel);
        return (Long) reply.get(1);
    }

    private void awaitNumsub(String channel, long expected) throws InterruptedException {
        Eventually.await("PUBSUB NUMSUB " + channel + " is " + expected, () -> numsub(channel), count -> count == expected,
                Duration.ofSeconds(10));
    }
}
