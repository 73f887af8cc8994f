package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the shared connections behave under concurrency, timeouts, failures and close, against a real server. */
class ConnectionBehaviourIT {
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
    void sixtyFourThreadsEachGetTheirOwnRepliesForTenThousandMixedCommands() throws Exception {
        try (RedisClient redis = RedisClient.create(server.uri())) {
            ExecutorService threads = Executors.newFixedThreadPool(64);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                int thread = t;
                results.add(threads.submit(() -> runMixedWorkload(redis, thread, 10_000)));
            }
            int checked = 0;
            for (Future<Integer> result : results) {
                checked += result.get(120, TimeUnit.SECONDS);
            }
            threads.shutdown();
            assertThat(checked).isEqualTo(64 * 10_000);
        }
    }

    /** Every reply is checked against what this thread alone wrote to its own keys. */
    private static int runMixedWorkload(RedisClient redis, int thread, int commands) {
        String prefix = "t" + thread + ":";
        long counter = 0;
        int checked = 0;
        List<CompletableFuture<String>> asyncGets = new ArrayList<>();
        List<String> expectedAsync = new ArrayList<>();
        for (int i = 0; i < commands; i++) {
            String key = prefix + (i % 50);
            String value = prefix + i;
            switch (i % 5) {
                case 0 -> assertThat(redis.set(key, value)).isTrue();
                case 1 -> {
                    redis.set(key, value);
                    assertThat(redis.get(key)).isEqualTo(value);
                    checked++;
                }
                case 2 -> assertThat(redis.incr(prefix + "counter")).isEqualTo(++counter);
                case 3 -> {
                    redis.async().set(key, value);
                    asyncGets.add(redis.async().get(key));
                    expectedAsync.add(value);
                    checked++;
                }
                default -> assertThat(redis.echo(value)).isEqualTo(value);
            }
            if (i % 5 != 1 && i % 5 != 3) {
                checked++;
            }
        }
        for (int i = 0; i < asyncGets.size(); i++) {
            assertThat(asyncGets.get(i).join()).isEqualTo(expectedAsync.get(i));
        }
        return checked;
    }

    @Test
    void commandTimedOutByDebugSleepIsFollowedByACommandThatGetsItsOwnReply() {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .commandTimeout(Duration.ofMillis(300)).build()) {
            redis.set("k", "value-of-k");
            CompletableFuture<Reply> sleep = redis.async().send("DEBUG", "SLEEP", "1");
            assertThatThrownBy(() -> redis.get("k"))
                    .isInstanceOf(RedisTimeoutException.class)
                    .satisfies(e -> assertThat(((RedisTimeoutException) e).wasSent()).isTrue())
                    .hasMessageContaining("sent, awaiting reply").hasMessageContaining("in flight");
            assertThatThrownBy(sleep::join).hasCauseInstanceOf(RedisTimeoutException.class);
            // Same single connection: the late replies of the timed-out commands are dropped, not handed over.
            awaitQuiet(redis);
            redis.set("other", "value-of-other");
            assertThat(redis.get("other")).isEqualTo("value-of-other");
            assertThat(redis.get("k")).isEqualTo("value-of-k");
        }
    }

    @Test
    void cancelledCommandLeavesATombstoneAndTheNextCommandGetsItsOwnReply() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).build()) {
            redis.set("a", "A");
            redis.set("b", "B");
            CompletableFuture<Reply> sleep = redis.async().send("DEBUG", "SLEEP", "0.2");
            CompletableFuture<String> cancelled = redis.async().get("a");
            assertThat(cancelled.cancel(false)).isTrue();
            assertThat(redis.get("b")).isEqualTo("B");
            assertThat(sleep.get(5, TimeUnit.SECONDS)).isEqualTo(Reply.SimpleStringReply.OK);
            assertThat(cancelled).isCancelled();
        }
    }

    @Test
    void killedServerFailsPendingCommandsWithAConnectionErrorLongBeforeTheirTimeout() throws Exception {
        // Reads off: a retried GET would wait for a server that never comes back (DeliveryRetryIT covers retries).
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(60)).retryReads(false).build()) {
            PausedWrites.pause(server);
            CompletableFuture<Reply> held = redis.async().send("SET", "held", "by the pause");
            List<CompletableFuture<String>> pending = new ArrayList<>();
            long pendingBytes = 0;
            for (int i = 0; i < 100; i++) {
                pending.add(redis.async().get("k" + i));
                pendingBytes += RespBytes.of("GET", "k" + i);
            }
            PausedWrites.awaitHeldBytes(server, pendingBytes); // every GET was written and waits behind the held SET
            server.kill9();
            ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> held.get(10, TimeUnit.SECONDS));
            assertThat(failure.getCause()).isInstanceOf(RedisOutcomeUnknownException.class)
                    .hasMessageContaining("127.0.0.1:" + server.port());
            for (CompletableFuture<String> get : pending) {
                assertThatThrownBy(() -> get.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(RedisConnectionException.class);
            }
        }
    }

    @Test
    void clientReconnectsInTheBackgroundAfterTheServerRestarts() {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(2)
                .commandTimeout(Duration.ofSeconds(10)).build()) {
            redis.set("before", "1");
            server.kill9();
            server.restart();
            // Commands issued while reconnecting wait for the handshake, then run.
            assertThat(redis.set("after", "2")).isTrue();
            assertThat(redis.get("after")).isEqualTo("2");
        }
    }

    @Test
    void tooManyCommandsInFlightFailAtOnceWithBackpressure() {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .maxInFlightPerConnection(4).build()) {
            CompletableFuture<Reply> sleep = redis.async().send("DEBUG", "SLEEP", "0.3");
            List<CompletableFuture<String>> accepted = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                accepted.add(redis.async().get("k"));
            }
            CompletableFuture<String> rejected = redis.async().get("k");
            assertThat(rejected).isCompletedExceptionally();
            assertThatThrownBy(rejected::join).hasCauseInstanceOf(RedisBackpressureException.class)
                    .hasMessageContaining("maxInFlightPerConnection");
            sleep.join();
            accepted.forEach(CompletableFuture::join);
            assertThat(redis.get("k")).isNull(); // capacity is back once replies arrive
        }
    }

    @Test
    void handshakeAuthenticatesSelectsTheDatabaseAndNamesEveryConnection() {
        server.call("ACL", "SETUSER", "app", "on", ">app-secret", "~*", "+@all");
        try (RedisClient redis = RedisClient.builder().uri("redis://app:app-secret@127.0.0.1:" + server.port() + "/3")
                .clientName("fastpath-test").connectionsPerNode(4).build()) {
            redis.set("in-db-3", "yes");
            String clients = (String) server.call("CLIENT", "LIST");
            assertThat(clients.lines().filter(line -> line.contains("name=fastpath-test") && line.contains("user=app")
                    && line.contains("db=3") && line.contains("resp=3"))).hasSize(4);
            assertThat(server.call("EXISTS", "in-db-3")).isEqualTo(0L);
        }
    }

    @Test
    void wrongPasswordFailsToConnectWithTheServersCodeAndWithoutTheSecret() {
        server.call("ACL", "SETUSER", "app", "on", ">right-secret", "~*", "+@all");
        assertThatThrownBy(() -> RedisClient.builder().uri("redis://app:wrong-secret@127.0.0.1:" + server.port())
                .connectTimeout(Duration.ofSeconds(2)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("WRONGPASS")
                .satisfies(e -> assertThat(stackText(e)).doesNotContain("wrong-secret").doesNotContain("right-secret"));
    }

    @Test
    void asyncFuturesCompleteOffTheIoThreadsByDefault() throws Exception {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).build()) {
            assertThat(completingThread(redis)).startsWith("fastpath-callback");
        }
        try (RedisClient direct = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).directCompletion().build()) {
            assertThat(completingThread(direct)).startsWith("fastpath-io");
        }
    }

    /** The thread a callback runs on, attached while the command is surely still pending (behind a DEBUG SLEEP). */
    private static String completingThread(RedisClient redis) throws Exception {
        CompletableFuture<Reply> sleep = redis.async().send("DEBUG", "SLEEP", "0.2");
        String thread = redis.async().get("k").thenApply(ignored -> Thread.currentThread().getName())
                .get(5, TimeUnit.SECONDS);
        sleep.join();
        return thread;
    }

    @Test
    void closeLetsInFlightCommandsFinishAndStopsTheClientsThreads() throws Exception {
        RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(2).build();
        CompletableFuture<Reply> sleep = redis.async().send("DEBUG", "SLEEP", "0.2");
        CompletableFuture<Boolean> set = redis.async().set("k", "v");
        redis.close();
        assertThat(sleep.get(1, TimeUnit.SECONDS)).isEqualTo(Reply.SimpleStringReply.OK);
        assertThat(set.get(1, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> redis.get("k")).isInstanceOf(RedisNotSentException.class).hasMessageContaining("closed");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("fastpath-io") && t.isAlive());
    }

    @Test
    void unreachableServerFailsCreateWithAConnectionErrorNamingTheAddress() {
        int port = server.port();
        server.stop();
        assertThatThrownBy(() -> RedisClient.builder().host("127.0.0.1", port).connectTimeout(Duration.ofSeconds(1)).build())
                .isInstanceOf(RedisConnectionException.class).hasMessageContaining("127.0.0.1:" + port);
    }

    private static void awaitQuiet(RedisClient redis) {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            try {
                redis.ping();
                return;
            } catch (RedisTimeoutException stillSleeping) {
                if (System.nanoTime() > giveUp) {
                    throw stillSleeping;
                }
            }
        }
    }

    private static String stackText(Throwable error) {
        java.io.StringWriter text = new java.io.StringWriter();
        error.printStackTrace(new java.io.PrintWriter(text));
        return text.toString();
    }
}
