package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Faults from the reliability catalogue that the core connection must survive, against a real server
 * (directly or through the testkit's fault proxy). The oracle everywhere: no caller ever receives a
 * reply that is not its own, and every future completes.
 */
class FaultsIT {
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
    void clientKillIsFollowedByAHandshakeBeforeAnyQueuedCommand() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri() + "/2").clientName("killed")
                .connectionsPerNode(1).build()) {
            redis.set("before", "1");
            server.call("CLIENT", "KILL", "TYPE", "normal");
            // Issued while the connection is being re-established: must run in database 2, after SELECT.
            List<CompletableFuture<Boolean>> writes = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                writes.add(redis.async().set("after-" + i, "v" + i));
            }
            for (CompletableFuture<Boolean> write : writes) {
                try {
                    write.get(10, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    // A write caught by the kill itself is outcome-unknown; anything else is a bug.
                    assertThat(e.getCause()).isInstanceOf(RedisOutcomeUnknownException.class);
                }
            }
            // Every write may have gone into the killed socket before the client saw the close: write once more.
            redis.set("after-99", "v99");
            assertThat(redis.get("after-99")).isEqualTo("v99");
            try (var admin = server.admin()) {
                admin.call("SELECT", "2");
                assertThat(admin.call("GET", "after-99")).isEqualTo("v99");
                admin.call("SELECT", "0");
                assertThat(admin.call("EXISTS", "after-99")).isEqualTo(0L);
            }
            assertThat((String) server.call("CLIENT", "LIST")).contains("name=killed");
        }
    }

    @Test
    void repliesDrippedOneByteAtATimeDecodeUnchanged() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).build()) {
            redis.set("a", "alpha");
            redis.set("b", "béta");
            proxy.drip();
            assertThat(redis.get("a")).isEqualTo("alpha");
            assertThat(redis.mget("a", "missing", "b")).containsExactly("alpha", null, "béta");
            assertThat(redis.incr("counter")).isEqualTo(1);
        }
    }

    @Test
    void connectionCutInTheMiddleOfALargeReplyFailsThatCommandAndNeverDeliversPartOfIt() {
        byte[] large = new byte[1_000_000];
        Arrays.fill(large, (byte) 'x');
        // Reads off: the proxy cuts every later connection too, so a retried GET would wait out its deadline.
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofSeconds(5)).retryReads(false).build()) {
            redis.binary().set("large".getBytes(StandardCharsets.UTF_8), large);
            proxy.cutAfterBytes(300_000);
            assertThatThrownBy(() -> redis.binary().get("large".getBytes(StandardCharsets.UTF_8)))
                    .isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();
            assertThat(redis.binary().get("large".getBytes(StandardCharsets.UTF_8))).isEqualTo(large);
        }
    }

    @Test
    void lostReplyOfAnIncrIsReportedAsOutcomeUnknownAndNeverRetried() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).build()) {
            redis.set("counter", "0");
            proxy.cutAfterBytes(0); // the INCR reaches the server; its reply does not come back
            assertThatThrownBy(() -> redis.incr("counter")).isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();
            assertThat(redis.get("counter")).isEqualTo("1");
        }
    }

    @Test
    void blackholedConnectionTimesOutCommandsAndLateRepliesNeverReachNewerCallers() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofMillis(300)).build()) {
            redis.set("x", "x-value");
            redis.set("y", "y-value");
            proxy.blackhole();
            assertThatThrownBy(() -> redis.get("x")).isInstanceOf(RedisTimeoutException.class)
                    .satisfies(e -> assertThat(((RedisTimeoutException) e).wasSent()).isTrue());
            proxy.reset(); // held bytes flow again: x's late reply arrives and must be dropped
            assertThat(redis.get("y")).isEqualTo("y-value");
            assertThat(redis.get("x")).isEqualTo("x-value");
        }
    }

    @Test
    void garbageFromTheServerClosesTheConnectionAndLaterCommandsGetTheirOwnReplies() throws Exception {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).build()) {
            redis.set("k", "v");
            proxy.injectToClient("-ERR max number of clients reached\r\n".getBytes(StandardCharsets.UTF_8));
            awaitConnections(proxy, 2);
            assertThat(redis.get("k")).isEqualTo("v");
            proxy.injectToClient("@garbage\r\n".getBytes(StandardCharsets.UTF_8));
            awaitConnections(proxy, 3);
            assertThat(redis.get("k")).isEqualTo("v");
        }
    }

    @Test
    void pausedServerTimesOutCallersAndAfterResumeEveryReplyStillMatchesItsCaller() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).commandTimeout(Duration.ofMillis(400)).build()) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong wrongReplies = new AtomicLong();
            AtomicLong timeouts = new AtomicLong();
            AtomicLong successes = new AtomicLong();
            ExecutorService callers = Executors.newFixedThreadPool(16);
            List<Future<?>> loops = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                String key = "paused-" + t;
                loops.add(callers.submit(() -> {
                    long i = 0;
                    while (running.get()) {
                        String value = key + ":" + i++;
                        try {
                            redis.set(key, value);
                            if (!value.equals(redis.get(key))) {
                                wrongReplies.incrementAndGet();
                            }
                            successes.incrementAndGet();
                        } catch (RedisTimeoutException expected) {
                            timeouts.incrementAndGet();
                        }
                    }
                }));
            }
            Eventually.awaitTrue("every caller has had a few replies", () -> successes.get() >= 16 * 10, Duration.ofSeconds(20));
            server.pause();
            // Paused until each caller timed out twice on average: replies to given-up commands then wait in the socket.
            Eventually.awaitTrue("the callers time out", () -> timeouts.get() >= 16 * 2, Duration.ofSeconds(20));
            server.resume();
            long resumedAt = successes.get();
            Eventually.awaitTrue("the callers get replies again", () -> successes.get() >= resumedAt + 16 * 10, Duration.ofSeconds(20));
            running.set(false);
            for (Future<?> loop : loops) {
                loop.get(10, TimeUnit.SECONDS);
            }
            callers.shutdown();
            assertThat(wrongReplies.get()).isZero();
            assertThat(timeouts.get()).isPositive();
            assertThat(successes.get()).isGreaterThan(resumedAt);
        }
    }

    @Test
    void clientPauseOfWritesLetsReadsThroughAndWritesFinishAfterThePause() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).commandTimeout(Duration.ofSeconds(5)).build()) {
            redis.set("k", "before");
            server.call("CLIENT", "PAUSE", "700", "WRITE");
            CompletableFuture<Boolean> write = redis.async().set("k", "after");
            assertThat(redis.get("other")).isNull(); // reads are served during a WRITE pause
            assertThat(write.get(5, TimeUnit.SECONDS)).isTrue();
            assertThat(redis.get("k")).isEqualTo("after");
        }
    }

    @Test
    void serverDownWithManyCallersFailsThemAllWithNotSentOnceTheQueueIsFull() throws Exception {
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .maxQueuedWhileDisconnected(100).commandTimeout(Duration.ofSeconds(2)).eventListener(events).build()) {
            server.stop();
            events.awaitFrom(0, event -> event instanceof RedisEvent.Disconnected, "Disconnected: the connection noticed");
            List<CompletableFuture<String>> calls = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                calls.add(redis.async().get("k" + i));
            }
            int notSent = 0;
            for (CompletableFuture<String> call : calls) {
                try {
                    call.get(10, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(RedisNotSentException.class);
                    notSent++;
                }
            }
            assertThat(notSent).isEqualTo(5_000);
        }
    }

    private static void awaitConnections(FaultProxy proxy, int accepted) throws InterruptedException {
        Eventually.await("the client reconnects: connections accepted", proxy::connectionsAccepted, count -> count >= accepted,
                Duration.ofSeconds(10));
    }
}
