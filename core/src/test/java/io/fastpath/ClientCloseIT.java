package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.KeyValue;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** What a user meets when closing a client: idempotent, prompt, and every failure a RedisException. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientCloseIT {
    private RedisServer server;

    @BeforeAll
    void start() {
        server = RedisServer.start();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aClosedClientClosesAgainWithoutThrowing() {
        RedisClient redis = RedisClient.create(server.uri());
        redis.set("k", "v");
        redis.close();
        assertThatCode(redis::close).doesNotThrowAnyException();
        assertThatCode(() -> {
            try (RedisClient inBlock = RedisClient.create(server.uri())) {
                inBlock.get("k");
                inBlock.close(); // and once more on leaving the block
            }
        }).doesNotThrowAnyException();
    }

    @Test
    void commandsAfterCloseFailAsNotSent() {
        RedisClient redis = RedisClient.create(server.uri());
        redis.close();
        assertThatThrownBy(() -> redis.get("k")).isInstanceOf(RedisNotSentException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> redis.blpop(Duration.ofSeconds(1), "queue")).isInstanceOf(RedisNotSentException.class);
        assertThatThrownBy(() -> redis.subscribe(message -> { }, "news")).isInstanceOf(RedisNotSentException.class);
        assertThat(redis.async().get("k")).failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(ExecutionException.class).withCauseInstanceOf(RedisNotSentException.class);
    }

    @Test
    void closeFailsParkedBlockingCommandsAtOnceSayingTheClientWasClosed() throws Exception {
        RedisClient redis = RedisClient.create(server.uri());
        CompletableFuture<KeyValue<String, String>> thirtySeconds = redis.async().blpop(Duration.ofSeconds(30), "queue-a");
        CompletableFuture<KeyValue<String, String>> forever = redis.async().blpop(Duration.ZERO, "queue-b");
        Eventually.await("both BLPOPs parked on the server", () -> blockedClients(), count -> count == 2, Duration.ofSeconds(10));

        redis.close();

        // Failed by the close itself, not by a deadline: they are done when close() returns.
        assertThat(thirtySeconds).isCompletedExceptionally();
        assertThat(forever).isCompletedExceptionally();
        for (CompletableFuture<?> parked : java.util.List.of(thirtySeconds, forever)) {
            assertThatThrownBy(() -> parked.get(0, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RedisOutcomeUnknownException.class).hasMessageContaining("the client was closed");
        }
    }

    @Test
    void closeReturnsOnlyAfterTheCallbacksOfTheCommandsItFailedHaveRun() throws Exception {
        RedisClient redis = RedisClient.create(server.uri());
        // Two slow callbacks hold the client's completion pool (2 threads here), so the BLPOP's failure queues behind them.
        CountDownLatch neverReleased = new CountDownLatch(1);
        for (int i = 0; i < 2; i++) {
            redis.async().get("k").thenRun(() -> {
                try {
                    neverReleased.await(300, TimeUnit.MILLISECONDS); // a callback doing 300 ms of work
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        AtomicBoolean failureSeen = new AtomicBoolean();
        CompletableFuture<KeyValue<String, String>> parked = redis.async().blpop(Duration.ZERO, "queue-c");
        CompletableFuture<?> callback = parked.whenComplete((value, failure) -> failureSeen.set(failure != null));
        Eventually.await("the BLPOP parked on the server", () -> blockedClients(), count -> count == 1, Duration.ofSeconds(10));

        redis.close();

        assertThat(callback).isDone();
        assertThat(failureSeen).isTrue();
    }

    @Test
    void subscriptionsAreClosedWithTheirClient() {
        RedisClient redis = RedisClient.create(server.uri());
        Subscription subscription = redis.subscribe(message -> { }, "news");
        assertThat(subscription.isClosed()).isFalse();
        redis.close();
        assertThat(subscription.isClosed()).isTrue();
        assertThatCode(subscription::unsubscribe).doesNotThrowAnyException();
    }

    private long blockedClients() {
        String info = String.valueOf(server.call("INFO", "clients"));
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("blocked_clients:")) {
                return Long.parseLong(line.substring("blocked_clients:".length()).trim());
            }
        }
        return -1;
    }
}
