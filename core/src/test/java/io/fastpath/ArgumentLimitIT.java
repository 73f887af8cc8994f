package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An oversized argument is refused before it is queued, so it never touches other callers' commands. */
class ArgumentLimitIT extends RedisServerPerClass {
    private static final int LIMIT = 1 << 20;

    @Test
    void anOversizedValueIsRefusedAloneWhileTheCommandsBesideItRun() throws Exception {
        // The new user's scenario at a small limit: one connection, one value over the limit among 200 INCRs. The server's
        // limit is lowered to match (1 MB is its minimum), so a value that got through would close the connection as at 512 MB.
        server.call("CONFIG", "SET", "proto-max-bulk-len", String.valueOf(LIMIT));
        try (RedisClient oneConnection = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .maxArgumentBytes(LIMIT).build()) {
            List<CompletableFuture<Long>> increments = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                increments.add(oneConnection.async().incr("ctr"));
            }
            CompletableFuture<Boolean> oversized = oneConnection.binary().async().set("big".getBytes(), new byte[LIMIT + 1]);
            for (int i = 0; i < 100; i++) {
                increments.add(oneConnection.async().incr("ctr"));
            }
            assertThatThrownBy(() -> oversized.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("SET").hasMessageContaining(String.valueOf(LIMIT + 1))
                    .hasMessageContaining("maxArgumentBytes").hasMessageContaining(String.valueOf(LIMIT));
            for (CompletableFuture<Long> increment : increments) {
                increment.get(10, TimeUnit.SECONDS);
            }
            assertThat(oneConnection.get("ctr")).isEqualTo("200");
            assertThat(oneConnection.exists("big")).isZero();
            // An argument of exactly the limit is sent.
            assertThat(oneConnection.binary().set("big".getBytes(), new byte[LIMIT])).isTrue();
        } finally {
            server.call("CONFIG", "SET", "proto-max-bulk-len", String.valueOf(RedisClientBuilder.DEFAULT_MAX_ARGUMENT_BYTES));
        }
    }

    @Test
    void theLimitHoldsForEveryArgumentOfAnyCommandAndInsideATransaction() {
        try (RedisClient limited = RedisClient.builder().uri(server.uri()).maxArgumentBytes(16).build()) {
            String seventeen = "x".repeat(17);
            assertThatThrownBy(() -> limited.set(seventeen, "v")).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> limited.hset("h", "f", seventeen)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> limited.send("SET", "k", seventeen)).isInstanceOf(RedisArgumentException.class);
            assertThatThrownBy(() -> limited.blpop(Duration.ofSeconds(1), seventeen)).isInstanceOf(RedisArgumentException.class);
            Transaction transaction = limited.multi();
            transaction.queue(limited.commands().set("k", "v"));
            transaction.queue(limited.commands().set("k", seventeen));
            assertThatThrownBy(transaction::exec).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("in a MULTI block");
            assertThat(limited.get("k")).isNull(); // none of the block ran
            assertThat(limited.set("k", "x".repeat(16))).isTrue();
        }
    }

    @Test
    void theDefaultLimitIsTheServersDefaultProtoMaxBulkLenAndTheOptionIsChecked() {
        assertThat(RedisClientBuilder.DEFAULT_MAX_ARGUMENT_BYTES).isEqualTo(512L * 1024 * 1024)
                .isEqualTo(Long.parseLong(String.valueOf(((List<?>) server.call("CONFIG", "GET", "proto-max-bulk-len")).get(1))));
        assertThatThrownBy(() -> RedisClient.builder().maxArgumentBytes(0)).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("maxArgumentBytes");
        assertThatThrownBy(() -> RedisClient.builder().maxArgumentBytes(1L << 32)).isInstanceOf(RedisArgumentException.class);
    }
}
