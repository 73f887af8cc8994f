package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Under {@code directCompletion()} async callbacks run on the client's I/O threads; anything there that
 * would wait for that same thread fails at once with an IllegalStateException saying why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IoThreadGuardIT {
    RedisServer server;
    RedisClient redis;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1).directCompletion().build();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(redis, server);
    }

    /**
     * Runs {@code action} in a callback of an async BLPOP, attached before the element it waits for is pushed
     * (so it runs on the I/O thread that read the reply), and returns what it threw (or null).
     */
    private Throwable thrownInCallback(Consumer<RedisClient> action) throws Exception {
        CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        String list = "wake-" + System.nanoTime();
        CompletableFuture<?> popped = redis.async().blpop(Duration.ofSeconds(10), list);
        popped.thenAccept(pong -> {
            try {
                assertThat(Thread.currentThread().getName()).startsWith("fastpath-io");
                action.accept(redis);
                thrown.complete(null);
            } catch (Throwable failure) {
                thrown.complete(failure);
            }
        });
        server.call("RPUSH", list, "wake up");
        return thrown.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSyncCommandInADirectCompletionCallbackFailsAtOnceWithIllegalStateException() throws Exception {
        Throwable thrown = thrownInCallback(client -> client.get("key"));

        assertThat(thrown).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GET").hasMessageContaining("I/O thread").hasMessageContaining("directCompletion");
        assertThat(redis.ping()).isEqualTo("PONG");
    }

    @Test
    void closeInADirectCompletionCallbackFailsAtOnceWithIllegalStateException() throws Exception {
        Throwable thrown = thrownInCallback(RedisClient::close);

        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessageContaining("close()");
        assertThat(redis.ping()).isEqualTo("PONG");
    }

    @Test
    void aTransactionInADirectCompletionCallbackFailsAtOnceWithIllegalStateException() throws Exception {
        Throwable thrown = thrownInCallback(client -> {
            Transaction transaction = client.multi();
            transaction.queue(transaction.commands().incr("counter"));
            transaction.exec();
        });

        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessageContaining("MULTI/EXEC");
        assertThat(redis.get("counter")).isNull();
    }

    @Test
    void theAsyncApiInADirectCompletionCallbackStillWorks() throws Exception {
        CompletableFuture<String> chained = redis.async().set("chained", "v")
                .thenCompose(ok -> redis.async().get("chained")).toCompletableFuture();

        assertThat(chained.get(10, TimeUnit.SECONDS)).isEqualTo("v");
    }
}
