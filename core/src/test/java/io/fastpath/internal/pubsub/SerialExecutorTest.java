package io.fastpath.internal.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A listener's lane: its tasks run one at a time and in submission order, on a shared pool. */
class SerialExecutorTest {

    @Test
    void tasksFromOneSubmitterRunInOrderAndNeverTwoAtOnceOnAPoolOfFourThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            SerialExecutor lane = new SerialExecutor(pool, 100_000);
            List<Integer> seen = new ArrayList<>(); // only touched inside the lane, so no lock
            AtomicInteger running = new AtomicInteger();
            AtomicInteger overlaps = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(10_000);
            for (int i = 0; i < 10_000; i++) {
                int value = i;
                lane.execute(() -> {
                    if (running.incrementAndGet() > 1) {
                        overlaps.incrementAndGet();
                    }
                    seen.add(value);
                    running.decrementAndGet();
                    done.countDown();
                });
            }
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(overlaps).hasValue(0);
            assertThat(seen).hasSize(10_000);
            for (int i = 0; i < seen.size(); i++) {
                assertThat(seen.get(i)).isEqualTo(i);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void withoutAnExecutorTasksRunOnTheSubmittingThread() {
        SerialExecutor lane = new SerialExecutor(null, 16);
        List<String> threads = new ArrayList<>();
        lane.execute(() -> threads.add(Thread.currentThread().getName()));
        lane.execute(() -> threads.add(Thread.currentThread().getName()));
        assertThat(threads).containsExactly(Thread.currentThread().getName(), Thread.currentThread().getName());
    }

    @Test
    void aRejectingExecutorDropsTheTasksInsteadOfThrowingAtTheSubmitter() {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        pool.shutdown();
        SerialExecutor lane = new SerialExecutor(pool, 100_000);
        AtomicInteger ran = new AtomicInteger();
        lane.execute(ran::incrementAndGet);
        lane.execute(ran::incrementAndGet); // the lane is usable again after a rejection
        assertThat(ran).hasValue(0);
    }

    @Test
    void aFullLaneRefusesTheNextTaskUntilTheOldestWaitingOneIsDropped() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            SerialExecutor lane = new SerialExecutor(pool, 2);
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch allRan = new CountDownLatch(1);
            List<String> ran = new CopyOnWriteArrayList<>();
            assertThat(lane.offer(() -> {
                running.countDown();
                awaitQuietly(release);
                ran.add("first");
            })).isTrue();
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(lane.offer(() -> ran.add("second"))).isTrue();
            assertThat(lane.offer(() -> ran.add("third"))).isTrue();
            Runnable fourth = () -> {
                ran.add("fourth");
                allRan.countDown();
            };
            assertThat(lane.offer(fourth)).as("two tasks already wait").isFalse();
            assertThat(lane.waiting()).isEqualTo(2);
            assertThat(lane.dropOldest()).isTrue();
            assertThat(lane.offer(fourth)).isTrue();

            release.countDown();
            assertThat(allRan.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(ran).containsExactly("first", "third", "fourth");
            assertThat(lane.waiting()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFullLaneNeverReportsMoreWaitingTasksThanItsCapacityWhileOffersAreRefused() throws Exception {
        SerialExecutor lane = new SerialExecutor(task -> { }, 1); // a pool that never runs the drain: the lane stays full
        assertThat(lane.offer(() -> { })).isTrue();
        AtomicInteger mostSeen = new AtomicInteger();
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 2_000_000; i++) {
                mostSeen.accumulateAndGet(lane.waiting(), Math::max);
            }
        });
        reader.start();
        for (int i = 0; i < 2_000_000 && reader.isAlive(); i++) {
            assertThat(lane.offer(() -> { })).isFalse(); // each refusal briefly takes a reservation back
        }
        reader.join(30_000);
        assertThat(mostSeen.get()).as("waiting tasks reported").isEqualTo(1);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
