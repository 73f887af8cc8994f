package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.FaultProxy;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The command listener against a real server: each moment, its thread, and the outcome of each kind of failure. */
class CommandListenerIT {
    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    private static String node() {
        return "127.0.0.1:" + REDIS.server().port();
    }

    private static RedisServer server() {
        return REDIS.server();
    }

    private RedisClient observed(RecordingListener listener) {
        return RedisClient.builder().uri(server().uri()).commandListener(listener).build();
    }

    @Test
    void aGetIsStartedOnTheCallerThenWrittenAnsweredAndCompletedOnTheIoThreadBeforeTheCallerReturns() {
        RecordingListener listener = new RecordingListener();
        // The I/O-thread path, even in a suite run with -Dfastpath.callerDrivenIo=true (there the caller writes and reads)
        try (RedisClient redis = RedisClient.builder().uri(server().uri()).commandListener(listener)
                .callerDrivenIo(false).build()) {
            redis.set("listened", "v");
            assertThat(redis.get("listened")).isEqualTo("v");

            // No wait: the completion is reported before the blocking caller sees its result.
            List<RecordingListener.Seen> get = listener.of("GET");
            assertThat(get).extracting(RecordingListener.Seen::moment).containsExactly("started", "written", "reply", "completed");
            assertThat(get.get(0).thread()).isEqualTo(Thread.currentThread().getName());
            assertThat(get.subList(1, 4)).allSatisfy(seen -> assertThat(seen.thread()).startsWith("fastpath-io"));
            RecordingListener.Seen done = get.get(3);
            assertThat(done.node()).isEqualTo(node());
            assertThat(done.outcome()).isEqualTo(ObservedCommand.Outcome.SUCCESS);
            assertThat(done.errorCode()).isNull();
            assertThat(done.bytesOut()).isEqualTo("*2\r\n$3\r\nGET\r\n$8\r\nlistened\r\n".length());
            assertThat(done.bytesIn()).isEqualTo("$1\r\nv\r\n".length());
            assertThat(done.startNanos()).isPositive();
            assertThat(done.writtenNanos()).isGreaterThanOrEqualTo(done.startNanos());
            assertThat(done.replyNanos()).isGreaterThanOrEqualTo(done.writtenNanos());
            assertThat(done.completedNanos()).isGreaterThanOrEqualTo(done.replyNanos());
            assertThat(done.attachment()).isEqualTo("attachment of GET");
            assertThat(done.client().serverPort()).isEqualTo(server().port());
            assertThat(get.get(0).outcome()).isNull(); // not known before completion
        }
        assertThat(listener.events).contains("clientStarted 127.0.0.1:" + server().port(), "clientClosed");
        assertThat(listener.events.get(0)).startsWith("clientStarted");
        assertThat(listener.events.get(listener.events.size() - 1)).isEqualTo("clientClosed");
    }

    @Test
    void anAsyncCommandCompletesOnTheCompletionExecutorAndALargeReplyCountsEveryByte() throws Exception {
        RecordingListener listener = new RecordingListener();
        try (RedisClient redis = observed(listener)) {
            String large = "x".repeat(300_000); // arrives over several reads
            redis.set("large", large);
            CompletableFuture<String> read = redis.async().get("large");
            assertThat(read.get()).hasSize(large.length());

            RecordingListener.Seen done = Eventually.await("the async GET's completion", () -> listener.completed("GET"),
                    seen -> !seen.isEmpty(), Duration.ofSeconds(5)).get(0);
            assertThat(done.thread()).startsWith("fastpath-callback");
            assertThat(done.bytesIn()).isEqualTo(("$300000\r\n" + large + "\r\n").length());
        }
    }

    @Test
    void aServerErrorIsReportedWithItsCode() {
        RecordingListener listener = new RecordingListener();
        try (RedisClient redis = observed(listener)) {
            redis.lpush("a-list", "x");
            assertThatThrownBy(() -> redis.get("a-list")).isInstanceOf(RedisServerException.class);

            RecordingListener.Seen done = listener.completed("GET").get(0);
            assertThat(done.outcome()).isEqualTo(ObservedCommand.Outcome.SERVER_ERROR);
            assertThat(done.errorCode()).isEqualTo("WRONGTYPE");
            assertThat(done.replyNanos()).isPositive();
        }
    }

    @Test
    void aCommandPastItsDeadlineIsATimeoutAndItsLateReplyIsNotReported() {
        RecordingListener listener = new RecordingListener();
        try (FaultProxy proxy = FaultProxy.inFrontOf(server());
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1)
                     .commandTimeout(Duration.ofMillis(200)).commandListener(listener).build()) {
            redis.set("late", "v");
            proxy.blackhole();
            assertThatThrownBy(() -> redis.get("late")).isInstanceOf(RedisTimeoutException.class);
            proxy.reset();
            assertThat(redis.get("late")).isEqualTo("v"); // the late reply was read and dropped before this one

            List<RecordingListener.Seen> get = listener.of("GET");
            assertThat(get).extracting(RecordingListener.Seen::moment)
                    .containsExactly("started", "written", "completed", "started", "written", "reply", "completed");
            assertThat(get.get(2).outcome()).isEqualTo(ObservedCommand.Outcome.TIMEOUT);
            assertThat(get.get(2).replyNanos()).isZero();
        }
    }

    @Test
    void aCommandForAServerThatIsDownIsNotSent() {
        RedisServer down = RedisServer.start();
        int port = down.port();
        down.stop();
        RecordingListener listener = new RecordingListener();
        try (RedisClient redis = RedisClient.builder().uri("redis://127.0.0.1:" + port).lazyConnect()
                .commandTimeout(Duration.ofMillis(200)).reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(50))
                .commandListener(listener).build()) {
            assertThatThrownBy(() -> redis.get("nowhere")).isInstanceOf(RedisNotSentException.class);

            RecordingListener.Seen done = listener.completed("GET").get(0);
            assertThat(done.outcome()).isEqualTo(ObservedCommand.Outcome.NOT_SENT);
            assertThat(done.node()).isEqualTo("127.0.0.1:" + port);
            assertThat(done.writtenNanos()).isZero();
            assertThat(listener.events).anyMatch(event -> event.equals("reconnectScheduled 127.0.0.1:" + port + " 2"));
        } finally {
            down.close();
        }
    }

    @Test
    void aWriteWhoseReplyIsLostIsOutcomeUnknown() {
        RecordingListener listener = new RecordingListener();
        try (FaultProxy proxy = FaultProxy.inFrontOf(server());
             RedisClient redis = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).commandListener(listener).build()) {
            redis.set("counter", "0");
            proxy.cutAfterBytes(0); // the INCR reaches the server; its reply does not come back
            assertThatThrownBy(() -> redis.incr("counter")).isInstanceOf(RedisOutcomeUnknownException.class);
            proxy.reset();

            RecordingListener.Seen done = listener.completed("INCR").get(0);
            assertThat(done.outcome()).isEqualTo(ObservedCommand.Outcome.OUTCOME_UNKNOWN);
            assertThat(done.writtenNanos()).isPositive();
        }
    }

    @Test
    void aMultiBlockIsSeenAsItsExecWithItsSizeAndCacheHitsAndFillsAreTold() {
        RecordingListener listener = new RecordingListener();
        // A hit counted exactly: a bound of 5 s, or a loaded machine may turn the hit into a read from the server (README)
        try (RedisClient redis = RedisClient.builder().uri(server().uri())
                .clientSideCache(CacheOptions.maxBytes(1 << 20).maxInvalidationDelay(Duration.ofSeconds(5)))
                .commandListener(listener).build()) {
            Transaction tx = redis.multi();
            tx.queue(tx.commands().set("tx-a", "1"));
            tx.queue(tx.commands().set("tx-b", "2"));
            tx.queue(tx.commands().incr("tx-c"));
            tx.exec();
            assertThat(listener.completed("EXEC")).singleElement()
                    .satisfies(exec -> assertThat(exec.batchSize()).isEqualTo(3));
            assertThat(listener.of("SET")).isEmpty(); // the block's commands are not reported on their own

            assertThat(redis.get("tx-a")).isEqualTo("1"); // a miss: the read is sent as a cache fill
            assertThat(redis.get("tx-a")).isEqualTo("1"); // a hit: nothing is sent
            assertThat(listener.completed("GET")).singleElement().satisfies(fill -> {
                assertThat(fill.cacheFill()).isTrue();
                assertThat(fill.outcome()).isEqualTo(ObservedCommand.Outcome.SUCCESS);
            });
            assertThat(listener.events).containsOnlyOnce("cacheHit GET");
            assertThat(listener.of("CLIENT")).isEmpty(); // the handshake's CLIENT TRACKING is not reported
        }
    }

    @Test
    void connectionsAreReportedOpenWithTheirGaugesAndClosedWithTheClient() {
        RecordingListener listener = new RecordingListener();
        try (RedisClient redis = RedisClient.builder().uri(server().uri()).connectionsPerNode(2).commandListener(listener).build()) {
            assertThat(listener.openConnections).hasSize(2).allSatisfy(connection -> {
                assertThat(connection.node()).isEqualTo(node());
                assertThat(connection.state()).isEqualTo("ready");
                assertThat(connection.queuedCommands()).isZero();
                assertThat(connection.commandsInFlight()).isZero();
                assertThat(connection.reconnectAttempts()).isZero();
            });
            assertThat(listener.openConnections.get(0).id()).isNotEqualTo(listener.openConnections.get(1).id());
            redis.ping();
        }
        assertThat(listener.openConnections).isEmpty();
        assertThat(listener.events.stream().filter(event -> event.startsWith("connectionClosed"))).hasSize(2);
    }

    @Test
    void aListenerThatThrowsIsLoggedOnceAndNeverBreaksACommand() {
        CommandListener throwing = new CommandListener() {
            @Override
            public void commandCompleted(ObservedCommand command) {
                throw new IllegalStateException("listener bug");
            }
        };
        try (LogCapture log = LogCapture.of("io.fastpath.internal.connection.CommandObserver");
             RedisClient redis = RedisClient.builder().uri(server().uri()).commandListener(throwing).build()) {
            for (int i = 0; i < 10; i++) {
                redis.set("throwing", "v" + i);
            }
            assertThat(redis.get("throwing")).isEqualTo("v9");
            assertThat(log.containing("threw in commandCompleted")).singleElement()
                    .satisfies(record -> assertThat(record.getThrown()).hasMessage("listener bug"));
        }
    }
}
