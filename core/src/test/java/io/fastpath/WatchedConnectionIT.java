package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WATCH as separate steps ({@link RedisClient#openWatch}), the form Spring Data Redis's watch/multi/exec needs. */
class WatchedConnectionIT extends RedisServerPerClass {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsRunAtOnceAndTheQueuedBlockCommitsWhenNothingChanged() {
        redis.set("balance", "100");
        try (WatchedConnection watched = redis.openWatch(List.of(bytes("balance")))) {
            watched.watch(List.of(bytes("limit"))); // a second WATCH on the same connection
            long balance = Long.parseLong(watched.read(redis.commands().get("balance")));
            Queued<Long> after = watched.queue(redis.commands().decrBy("balance", 30));
            assertThat(watched.exec()).isTrue();
            assertThat(balance).isEqualTo(100L);
            assertThat(after.get()).isEqualTo(70L);
        }
    }

    @Test
    void aWatchedKeyChangedByAnotherClientAbortsTheBlock() {
        redis.set("balance", "100");
        WatchedConnection watched = redis.openWatch(List.of(bytes("balance")));
        server.call("SET", "balance", "50");
        watched.queue(redis.commands().set("balance", "70"));
        assertThat(watched.exec()).isFalse();
        assertThat(redis.get("balance")).isEqualTo("50");
    }

    @Test
    void closingWithoutExecUnwatchesSoTheNextLesseeIsNotAborted() {
        redis.set("k", "1");
        try (WatchedConnection abandoned = redis.openWatch(List.of(bytes("k")))) {
            abandoned.read(redis.commands().get("k"));
        }
        redis.set("k", "2"); // would abort the next transaction on that connection if it were still watched
        WatchedConnection next = redis.openWatch(List.of(bytes("other")));
        next.queue(redis.commands().set("other", "x"));
        assertThat(next.exec()).isTrue();
        assertThat(redis.get("other")).isEqualTo("x");
    }

    @Test
    void anEndedWatchRefusesFurtherCommands() {
        WatchedConnection watched = redis.openWatch(List.of(bytes("k")));
        watched.close();
        watched.close(); // idempotent
        assertThatThrownBy(() -> watched.read(redis.commands().get("k"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> redis.openWatch(List.of())).isInstanceOf(RedisArgumentException.class);
    }
}
