package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.internal.client.BoundedWait;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A blocking caller never waits past its command's deadline plus a margin, and an interrupted wait is logged. */
class BoundedWaitIT {
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aCallerStopsWaitingAtTheDeadlinePlusTheMarginEvenWhenTheIoThreadThatWouldFailItIsStalled() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1)
                .commandTimeout(Duration.ofMillis(200)).directCompletion().build();
             LogCapture log = LogCapture.of(BoundedWait.class)) {
            CountDownLatch stalling = new CountDownLatch(1);
            // Paused, the server cannot answer the PING before the callback is attached: it then runs on the I/O
            // thread (directCompletion), never on this test thread.
            server.pause();
            CompletableFuture<String> ping = redis.async().ping();
            // whenComplete: a PING answered or timed out completes on the I/O thread either way.
            CompletableFuture<String> stalled = ping.whenComplete((pong, failure) -> {
                stalling.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS); // a callback that hogs the only I/O thread, deadline timer included
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            server.resume();
            assertThat(stalling.await(10, TimeUnit.SECONDS)).as("the callback holds the I/O thread").isTrue();
            try {
                assertThatThrownBy(() -> redis.get("key")).isInstanceOf(RedisTimeoutException.class)
                        .hasMessageContaining("GET had no outcome").hasMessageContaining("past its deadline");
                assertThat(log.containing("GET had no outcome")).singleElement()
                        .satisfies(record -> assertThat(record.getLevel()).isEqualTo(Level.WARNING));
            } finally {
                release.countDown();
            }
            stalled.handle((pong, failure) -> null).get(10, TimeUnit.SECONDS);
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void anInterruptedWaitIsLoggedAndTheInterruptFlagIsRestored() throws Exception {
        // BoundedWait's own wait: a caller-driven caller waits in epoll instead (CallerDrivenIoIT covers its interrupt)
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).callerDrivenIo(false)
                .commandTimeout(Duration.ofSeconds(30)).build();
             LogCapture log = LogCapture.of(BoundedWait.class)) {
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            CompletableFuture<Boolean> flagAfterwards = new CompletableFuture<>();
            CountDownLatch aboutToWait = new CountDownLatch(1);
            server.pause(); // the server cannot answer, so the caller below waits
            try {
                Thread caller = new Thread(() -> {
                    aboutToWait.countDown();
                    try {
                        redis.get("key");
                        failure.complete(null);
                    } catch (Throwable thrown) {
                        failure.complete(thrown);
                    }
                    flagAfterwards.complete(Thread.currentThread().isInterrupted());
                });
                caller.start();
                aboutToWait.await();
                Eventually.awaitValue(() -> caller.getState() == Thread.State.TIMED_WAITING || caller.getState() == Thread.State.WAITING,
                        true, Duration.ofSeconds(10));
                caller.interrupt();

                assertThat(failure.get(10, TimeUnit.SECONDS)).isInstanceOf(RedisException.class)
                        .hasMessageContaining("interrupted while waiting for GET");
                assertThat(flagAfterwards.get(10, TimeUnit.SECONDS)).isTrue();
                assertThat(log.containing("interrupted while waiting for GET")).singleElement()
                        .satisfies(record -> assertThat(record.getLevel()).isEqualTo(Level.INFO));
            } finally {
                server.resume();
            }
        }
    }
}
