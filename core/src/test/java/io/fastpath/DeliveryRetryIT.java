package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Command;
import io.fastpath.command.Reply;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which commands are sent again after their connection is lost (issue 4 item 2): read-only ones (unless
 * {@code retryReads(false)}) and those marked {@link Command#idempotent()}, within their deadline; never a
 * plain write, never a command inside MULTI/EXEC, never one whose reply broke the protocol. Each test holds
 * commands in flight behind a write held by {@code CLIENT PAUSE WRITE} ({@link PausedWrites}), waits until the
 * server has received them, kills the server with SIGKILL and restarts it from an RDB
 * snapshot taken beforehand, so the replayed command finds the data again.
 */
class DeliveryRetryIT {
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    private RedisClient connect(boolean retryReads) {
        return RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(15)).retryReads(retryReads).build();
    }

    /** Holds the client's one connection so the commands sent next stay in flight, unanswered: a write waits out a pause. */
    private CompletableFuture<Reply> holdTheServer(RedisClient redis) {
        PausedWrites.pause(server);
        return redis.async().send("SET", "hold", "the connection");
    }

    private void snapshot(String... keyValues) {
        for (int i = 0; i < keyValues.length; i += 2) {
            server.call("SET", keyValues[i], keyValues[i + 1]);
        }
        server.call("SAVE");
    }

    private void killAndRestartWhileTheyWait() throws InterruptedException {
        PausedWrites.awaitHeldBytes(server, 1); // the commands sent behind the held write have reached the server
        server.kill9();
        server.restart(); // same port and directory: it loads the snapshot
    }

    @Test
    void aReadInFlightWhenTheServerIsKilledAndRestartedSucceedsAfterTheReconnect() throws Exception {
        snapshot("k", "saved");
        try (RedisClient redis = connect(true)) {
            CompletableFuture<Reply> sleep = holdTheServer(redis);
            CompletableFuture<String> read = redis.async().get("k");
            killAndRestartWhileTheyWait();
            assertThat(read.get(15, TimeUnit.SECONDS)).isEqualTo("saved");
            assertThat(causeOf(sleep)).isInstanceOf(RedisOutcomeUnknownException.class);
        }
    }

    @Test
    void anIncrInFlightWhenTheServerIsKilledFailsAsOutcomeUnknownAndRunsAtMostOnce() throws Exception {
        snapshot("counter", "5");
        try (RedisClient redis = connect(true)) {
            holdTheServer(redis);
            CompletableFuture<Long> increment = redis.async().incr("counter");
            killAndRestartWhileTheyWait();
            assertThat(causeOf(increment)).isInstanceOf(RedisOutcomeUnknownException.class);
            assertThat(redis.get("counter")).isIn("5", "6");
            assertThat(commandCalls("incr")).isZero(); // the restarted server never saw it again
        }
    }

    @Test
    void aWriteMarkedIdempotentIsSentAgainAfterTheReconnect() throws Exception {
        snapshot("k", "old");
        try (RedisClient redis = connect(true)) {
            holdTheServer(redis);
            CompletableFuture<Boolean> write = redis.async().dispatch(redis.commands().set("k", "new").idempotent());
            killAndRestartWhileTheyWait();
            assertThat(write.get(15, TimeUnit.SECONDS)).isTrue();
            assertThat(redis.get("k")).isEqualTo("new");
        }
    }

    @Test
    void withRetryReadsOffAReadInFlightFailsAsOutcomeUnknown() throws Exception {
        snapshot("k", "saved");
        try (RedisClient redis = connect(false)) {
            holdTheServer(redis);
            CompletableFuture<String> read = redis.async().get("k");
            killAndRestartWhileTheyWait();
            assertThat(causeOf(read)).isInstanceOf(RedisOutcomeUnknownException.class);
            assertThat(redis.get("k")).isEqualTo("saved");
        }
    }

    @Test
    void aMultiExecBlockOfReadsCutByADisconnectFailsWholeAndIsNeverReplayed() throws Exception {
        snapshot("k", "saved");
        try (RedisClient redis = connect(true)) {
            holdTheServer(redis);
            Transaction block = redis.multi();
            Queued<String> queuedRead = block.queue(block.commands().get("k"));
            CompletableFuture<TransactionResult<Void>> exec = CompletableFuture.supplyAsync(block::exec);
            killAndRestartWhileTheyWait();
            assertThat(causeOf(exec)).isInstanceOf(RedisOutcomeUnknownException.class);
            assertThatThrownBy(queuedRead::get).isInstanceOf(IllegalStateException.class); // the block has no results
            assertThat(redis.get("k")).isEqualTo("saved"); // no transaction left open on the new connection
            assertThat(commandCalls("get")).isEqualTo(1);
            assertThat(commandCalls("exec")).isZero();
        }
    }

    @Test
    void aReadWhoseReplyBreaksADecoderLimitIsNotSentAgain() {
        server.call("SET", "large", "x".repeat(4096));
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .replyLimits(1024, 1024, 16).build()) {
            assertThatThrownBy(() -> redis.get("large")).isInstanceOf(RedisOutcomeUnknownException.class)
                    .hasRootCauseInstanceOf(RedisProtocolException.class);
            assertThat(redis.get("missing")).isNull();
            assertThat(commandCalls("get")).isEqualTo(2);
        }
    }

    /** How often the server ran a command since it started, from INFO commandstats. */
    private long commandCalls(String command) {
        String stats = (String) server.call("INFO", "commandstats");
        for (String line : stats.split("\r\n")) {
            if (line.startsWith("cmdstat_" + command + ":calls=")) {
                return Long.parseLong(line.substring(line.indexOf('=') + 1, line.indexOf(',')));
            }
        }
        return 0;
    }

    private static Throwable causeOf(CompletableFuture<?> future) throws InterruptedException {
        try {
            future.get(15, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure, got a reply");
        } catch (ExecutionException failed) {
            return failed.getCause();
        } catch (java.util.concurrent.TimeoutException neverCompleted) {
            throw new AssertionError("the future never completed", neverCompleted);
        }
    }
}
