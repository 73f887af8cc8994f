package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.CommandBuilder;
import io.fastpath.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A reply that arrives whole but cannot be handled (here: a user codec that throws while decoding) fails
 * its own command only; the connection, and every other caller on it, carries on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplyHandlingFailuresIT {
    RedisServer server;
    RedisClient redis;

    /** Decodes like UTF-8 but refuses the value "poison", as a user's codec might refuse bytes it does not understand. */
    static final RedisCodec<String, String> REFUSES_POISON = new RedisCodec<>() {
        @Override
        public byte[] encodeKey(String key) {
            return RedisCodec.UTF8.encodeKey(key);
        }

        @Override
        public byte[] encodeValue(String value) {
            return RedisCodec.UTF8.encodeValue(value);
        }

        @Override
        public String decodeKey(byte[] bytes) {
            return RedisCodec.UTF8.decodeKey(bytes);
        }

        @Override
        public String decodeValue(byte[] bytes) {
            String value = new String(bytes, StandardCharsets.UTF_8);
            if (value.equals("poison")) {
                throw new IllegalStateException("the codec cannot decode " + value);
            }
            return value;
        }
    };
    static final CommandBuilder<String, String> STRICT = new CommandBuilder<>(REFUSES_POISON);

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).clientName("reply-handling").build();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(redis, server);
    }

    /** The server's ids of this client's connections (CLIENT LIST lines named after the client). */
    private java.util.List<String> clientConnectionIds() {
        return server.call("CLIENT", "LIST").toString().lines().filter(line -> line.contains(" name=reply-handling "))
                .map(line -> line.substring(0, line.indexOf(' '))).toList();
    }

    @Test
    void aCodecThatThrowsWhileDecodingFailsOnlyItsOwnCommandAndTheConnectionStaysUsable() throws Exception {
        redis.set("poisoned", "poison");
        redis.set("plain", "fine");
        java.util.List<String> connectionsBefore = clientConnectionIds();
        assertThat(connectionsBefore).hasSize(1);

        var failed = redis.async().dispatch(STRICT.get("poisoned"));
        var next = redis.async().get("plain");

        assertThatThrownBy(() -> failed.get(5, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(RedisException.class)
                .hasMessageContaining("GET")
                .hasMessageContaining("the connection stays usable")
                .cause().isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot decode poison");
        assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo("fine");
        assertThatThrownBy(() -> redis.execute(STRICT.get("poisoned"))).isInstanceOf(RedisException.class)
                .hasRootCauseInstanceOf(IllegalStateException.class);
        assertThat(redis.get("plain")).isEqualTo("fine");
        assertThat(clientConnectionIds()).as("the one connection was never replaced").isEqualTo(connectionsBefore);
    }

    @Test
    void everyAsyncCommandStillCompletesWhenTheCompletionExecutorRejectsItsTask() throws Exception {
        java.util.concurrent.Executor rejecting = task -> {
            throw new java.util.concurrent.RejectedExecutionException("the application's executor is saturated");
        };
        try (RedisClient client = RedisClient.builder().uri(server.uri()).completionExecutor(rejecting).build()) {
            assertThat(client.async().set("rejected", "v").get(5, TimeUnit.SECONDS)).isTrue();
            assertThat(client.async().blpop(java.time.Duration.ofMillis(20), "an-empty-list").get(5, TimeUnit.SECONDS)).isNull();
        }
    }

    @Test
    void aTransactionWhoseOneReplyCannotBeDecodedKeepsTheOtherCommandsResults() {
        redis.set("tx-poisoned", "poison");
        Transaction transaction = redis.multi();
        Queued<Boolean> set = transaction.queue(transaction.commands().set("tx-plain", "v"));
        Queued<String> poisoned = transaction.queue(STRICT.get("tx-poisoned"));
        Queued<Long> counted = transaction.queue(transaction.commands().incr("tx-counter"));

        assertThat(transaction.exec().committed()).isTrue();

        assertThat(set.get()).isTrue();
        assertThatThrownBy(poisoned::get).isInstanceOf(RedisException.class).hasMessageContaining("GET")
                .cause().isInstanceOf(IllegalStateException.class);
        assertThat(counted.get()).isEqualTo(1L);
        assertThat(redis.get("tx-plain")).isEqualTo("v");
    }
}
