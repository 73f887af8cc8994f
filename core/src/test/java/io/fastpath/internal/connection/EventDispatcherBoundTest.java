package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The event queue is bounded: a listener that does not return costs at most the queue, the rest is dropped and counted. */
class EventDispatcherBoundTest {

    @Test
    void aListenerThatBlocksKeepsTheQueueAtItsBoundAndIsToldHowManyEventsWereDroppedOnceItCatchesUp() throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch entered = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch toldOfDrops = new CountDownLatch(1);
            List<RedisEvent> seen = new CopyOnWriteArrayList<>();
            EventDispatcher dispatcher = new EventDispatcher(event -> {
                seen.add(event);
                if (event instanceof RedisEvent.EventsDropped) {
                    toldOfDrops.countDown();
                }
                entered.countDown();
                awaitQuietly(release);
            }, executor);

            dispatcher.publish(connected(-1)); // taken by the listener, which then blocks
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            int published = EventDispatcher.MAX_QUEUED_EVENTS * 3;
            int mostQueued = 0;
            for (int i = 0; i < published; i++) {
                dispatcher.publish(connected(i));
                mostQueued = Math.max(mostQueued, dispatcher.queuedEvents());
            }

            assertThat(mostQueued).isEqualTo(EventDispatcher.MAX_QUEUED_EVENTS);
            long expectedDrops = published - EventDispatcher.MAX_QUEUED_EVENTS;
            assertThat(dispatcher.droppedEvents()).isEqualTo(expectedDrops);

            release.countDown();
            assertThat(toldOfDrops.await(30, TimeUnit.SECONDS)).as("EventsDropped delivered").isTrue();
            assertThat(seen).as("the first event, the queued ones, then EventsDropped").hasSize(1 + EventDispatcher.MAX_QUEUED_EVENTS + 1);
            assertThat(seen.get(EventDispatcher.MAX_QUEUED_EVENTS)).as("the oldest events are kept")
                    .isEqualTo(connected(EventDispatcher.MAX_QUEUED_EVENTS - 1));
            assertThat(seen.get(seen.size() - 1)).isEqualTo(new RedisEvent.EventsDropped(expectedDrops, expectedDrops));
        } finally {
            executor.shutdownNow();
        }
    }

    private static RedisEvent connected(int i) {
        return new RedisEvent.Connected("node-" + i);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
