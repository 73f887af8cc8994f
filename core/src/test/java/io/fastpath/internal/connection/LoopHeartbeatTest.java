package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LoopHeartbeatTest {
    /** Long, so a test thread descheduled on a busy machine does not see a healthy loop as stale. */
    private static final long BOUND_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final DefaultEventLoop loop = new DefaultEventLoop();
    private final LoopHeartbeat heartbeat = new LoopHeartbeat(loop, BOUND_NANOS);

    @AfterEach
    void stop() throws InterruptedException {
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    @Test
    void aLoopThatNeverBeatIsNotRecentAndTheFirstReaderStartsItsBeats() throws Exception {
        CountDownLatch release = blockLoop();
        long now = System.nanoTime();
        assertThat(heartbeat.isRecent(now)).isFalse(); // asks for the beats, which wait behind the blocked loop
        release.countDown();
        assertThat(heartbeat.awaitBeatAfter(now)).isTrue();
        assertThat(heartbeat.isRecent(System.nanoTime())).isTrue();
    }

    @Test
    void aLoopBlockedLongerThanTheBoundIsNotRecentAndAReaderStopsWaitingForIt() throws Exception {
        heartbeat.isRecent(System.nanoTime()); // starts the beats
        assertThat(heartbeat.awaitBeatAfter(System.nanoTime())).isTrue();
        CountDownLatch release = blockLoop();
        Thread.sleep(300); // Not synchronization: the loop stays blocked for three bounds, the stall under test

        long now = System.nanoTime();
        assertThat(heartbeat.isRecent(now)).isFalse();
        assertThat(heartbeat.awaitBeatAfter(now)).isFalse(); // gives up after the bound: the loop is still blocked

        release.countDown();
        long afterRelease = System.nanoTime();
        assertThat(heartbeat.awaitBeatAfter(afterRelease)).isTrue();
        assertThat(heartbeat.isRecent(System.nanoTime())).isTrue();
    }

    /** Runs a task on the loop that holds it until the returned latch is released. */
    private CountDownLatch blockLoop() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch blocked = new CountDownLatch(1);
        loop.execute(() -> {
            blocked.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        blocked.await();
        return release;
    }

    @Test
    void aBeatTakenOnTheLoopItselfMakesItRecentAtOnce() throws Exception {
        loop.submit(heartbeat::beatOnLoop).get(5, TimeUnit.SECONDS);
        assertThat(heartbeat.isRecent(System.nanoTime())).isTrue();
    }

    @Test
    void aReaderOnTheLoopItselfDoesNotWaitForABeatItWouldBlock() throws Exception {
        assertThat(loop.submit(() -> heartbeat.awaitBeatAfter(System.nanoTime())).get(5, TimeUnit.SECONDS)).isFalse();
    }
}
