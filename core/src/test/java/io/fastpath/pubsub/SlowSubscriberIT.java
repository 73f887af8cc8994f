package io.fastpath.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import io.fastpath.PubSubOverflow;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.RedisEvent;
import io.fastpath.Subscription;
import io.fastpath.testkit.RedisServer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A listener that never returns while a publisher runs at full speed: each subscription's delivery queue
 * stays at its bound, the overflow policy decides what is lost, the losses are counted and reported as an
 * event, and the heap does not grow with the messages published.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SlowSubscriberIT {
    private static final int KB = 1024;

    RedisServer server;
    RedisClient publisher;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        // The client reads everything at once into its bounded queues; the server must not cut the subscriber
        // for a moment's lag on a loaded machine, or the count of messages that reached the client would be short.
        server.call("CONFIG", "SET", "client-output-buffer-limit", "pubsub 0 0 0");
        publisher = RedisClient.builder().uri(server.uri()).clientName("slow-subscriber-publisher").build();
    }

    @AfterAll
    void stop() {
        if (publisher != null) {
            publisher.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aListenerThatNeverReturnsHoldsTheDefaultBoundOf1KbMessagesNotTheTwoHundredThousandPublished() throws Exception {
        int published = 200_000;
        int bound = RedisClientBuilder.DEFAULT_PUB_SUB_QUEUE_BOUND;
        Events events = new Events();
        BlockingListener listener = new BlockingListener();
        try (RedisClient subscriber = RedisClient.builder().uri(server.uri()).eventListener(events).build();
             Subscription subscription = subscriber.subscribe(listener, "firehose")) {
            long heapBefore = usedHeapAfterGc();
            int mostQueued = 0;
            // Message 0 is in the listener before the rest are published, so it is never the oldest one waiting.
            publisher.async().publish("firehose", message(0, KB)).join();
            awaitCondition(() -> listener.received.size() == 1, () -> "the listener never got message 0");
            List<CompletableFuture<Long>> window = new ArrayList<>();
            for (int i = 1; i < published; i++) {
                window.add(publisher.async().publish("firehose", message(i, KB)));
                if (window.size() == 64) {
                    awaitAll(window);
                    mostQueued = Math.max(mostQueued, subscription.queuedMessages());
                }
            }
            awaitAll(window);
            awaitCondition(() -> subscription.droppedMessages() + subscription.queuedMessages() + 1 == published,
                    () -> "every published message reached the client: dropped " + subscription.droppedMessages()
                            + ", queued " + subscription.queuedMessages() + "; events " + events.seen);
            long heapAfter = usedHeapAfterGc();

            // 200,000 retained 1 KB messages would be over 200 MB; the bound keeps about 10 MB.
            assertThat(heapAfter - heapBefore).as("heap growth after GC, bytes").isLessThan(64L << 20);
            assertThat(mostQueued).as("queued messages while publishing").isLessThanOrEqualTo(bound);
            assertThat(subscription.queuedMessages()).isEqualTo(bound);
            assertThat(subscription.droppedMessages()).isEqualTo(published - bound - 1L);
            RedisEvent.SubscriptionOverflow overflow = events.await(RedisEvent.SubscriptionOverflow.class);
            assertThat(overflow.names()).containsExactly("firehose");
            assertThat(overflow.policy()).isEqualTo("DROP_OLDEST");
            assertThat(overflow.bound()).isEqualTo(bound);
            assertThat(overflow.closed()).isFalse();

            listener.release.countDown();
            awaitCondition(() -> listener.received.size() == bound + 1, () -> "received " + listener.received.size());
            assertThat(index(listener.received.get(0))).isZero();
            assertThat(index(listener.received.get(1))).as("DROP_OLDEST keeps the newest").isEqualTo(published - bound);
            assertThat(index(listener.received.get(bound))).isEqualTo(published - 1);
        } finally {
            listener.release.countDown();
        }
    }

    @Test
    void dropNewestKeepsTheFirstMessagesCountsTheRestAndReportsTheOverflowOnce() throws Exception {
        int published = 1_000;
        Events events = new Events();
        BlockingListener listener = new BlockingListener();
        try (RedisClient subscriber = RedisClient.builder().uri(server.uri()).eventListener(events)
                .pubSubQueue(100, PubSubOverflow.DROP_NEWEST).build();
             Subscription subscription = subscriber.subscribe(listener, "newest")) {
            publishAll("newest", published, listener);
            awaitCondition(() -> subscription.droppedMessages() == published - 100 - 1, () -> "dropped " + subscription.droppedMessages());
            assertThat(subscription.queuedMessages()).isEqualTo(100);
            RedisEvent.SubscriptionOverflow overflow = events.await(RedisEvent.SubscriptionOverflow.class);
            assertThat(overflow.policy()).isEqualTo("DROP_NEWEST");
            assertThat(overflow.droppedSoFar()).isEqualTo(1);

            listener.release.countDown();
            awaitCondition(() -> listener.received.size() == 101, () -> "received " + listener.received.size());
            assertThat(listener.received).extracting(SlowSubscriberIT::index).containsExactlyElementsOf(range(0, 101));
            assertThat(events.all(RedisEvent.SubscriptionOverflow.class)).as("one report per overflow").hasSize(1);
        } finally {
            listener.release.countDown();
        }
    }

    @Test
    void unsubscribeOnOverflowClosesTheSubscriptionOnTheServerAndDeliversNothingMore() throws Exception {
        Events events = new Events();
        BlockingListener listener = new BlockingListener();
        try (RedisClient subscriber = RedisClient.builder().uri(server.uri()).eventListener(events)
                .pubSubQueue(100, PubSubOverflow.UNSUBSCRIBE).build()) {
            Subscription subscription = subscriber.subscribe(listener, "strict");
            publishAll("strict", 500, listener);
            awaitCondition(subscription::isClosed, () -> "closed after the overflow");
            RedisEvent.SubscriptionOverflow overflow = events.await(RedisEvent.SubscriptionOverflow.class);
            assertThat(overflow.closed()).isTrue();
            assertThat(overflow.policy()).isEqualTo("UNSUBSCRIBE");
            assertThat(subscription.queuedMessages()).isZero();
            assertThat(subscription.droppedMessages()).isEqualTo(101); // the 100 queued and the one that did not fit
            awaitCondition(() -> numsub("strict") == 0, () -> "the server still counts a subscriber of 'strict'");

            listener.release.countDown();
            awaitCondition(() -> listener.handled.getCount() == 0, () -> "the listener returned");
            assertThat(listener.received).extracting(SlowSubscriberIT::index).containsExactly(0);
        } finally {
            listener.release.countDown();
        }
    }

    /** Blocks on its first message until released; keeps what it got. */
    private static final class BlockingListener implements PubSubListener {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch handled = new CountDownLatch(1);
        final List<PubSubMessage> received = new CopyOnWriteArrayList<>();

        @Override
        public void onMessage(PubSubMessage message) {
            received.add(message);
            try {
                release.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            handled.countDown();
        }
    }

    private static final class Events implements io.fastpath.RedisEventListener {
        private final List<RedisEvent> seen = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(RedisEvent event) {
            seen.add(event);
        }

        <E extends RedisEvent> E await(Class<E> type) {
            awaitCondition(() -> !all(type).isEmpty(), () -> "no " + type.getSimpleName() + " in " + seen);
            return all(type).get(0);
        }

        <E extends RedisEvent> List<E> all(Class<E> type) {
            return seen.stream().filter(type::isInstance).map(type::cast).toList();
        }
    }

    /**
     * Publishes message 0, waits until the listener holds it, then publishes the rest: the lane's bound counts
     * the messages waiting behind the one being handled, so until the lane's thread has taken message 0 it
     * still counts as waiting and the overflow would start one message earlier (CI saw [0..99, 101]).
     */
    private void publishAll(String channel, int count, BlockingListener listener) {
        publisher.async().publish(channel, message(0, 64)).join();
        awaitCondition(() -> listener.received.size() == 1, () -> "the listener never got message 0");
        List<CompletableFuture<Long>> window = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            window.add(publisher.async().publish(channel, message(i, 64)));
        }
        awaitAll(window);
    }

    private long numsub(String channel) {
        List<?> reply = (List<?>) server.call("PUBSUB", "NUMSUB", channel);
        return (Long) reply.get(1);
    }

    private static void awaitAll(List<CompletableFuture<Long>> window) {
        CompletableFuture.allOf(window.toArray(new CompletableFuture<?>[0])).join();
        window.clear();
    }

    private static String message(int index, int size) {
        String head = index + "|";
        char[] padding = new char[size - head.length()];
        Arrays.fill(padding, 'x');
        return head + new String(padding);
    }

    private static int index(PubSubMessage message) {
        String text = message.message();
        return Integer.parseInt(text.substring(0, text.indexOf('|')));
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> values = new ArrayList<>();
        for (int i = from; i < to; i++) {
            values.add(i);
        }
        return values;
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Waits up to 60 s for {@code condition} through {@code Eventually}; a failure says what was seen. */
    private static void awaitCondition(BooleanSupplier condition, java.util.function.Supplier<String> description) {
        try {
            io.fastpath.Eventually.awaitTrue("the condition", condition, java.time.Duration.ofSeconds(60));
        } catch (AssertionError timedOut) {
            throw new AssertionError(description.get(), timedOut);
        }
    }
}
