package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@link RedisClient#dispatchInCallOrder}: one thread's commands on different keys arrive in the order they were sent. */
class CallOrderDispatchIT extends RedisServerPerClass {

    @Test
    void writesOnManyKeysAreAllSeenByAKeylessCommandSentAfterThem() {
        for (int round = 0; round < 20; round++) {
            redis.flushall();
            List<CompletableFuture<?>> sent = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                sent.add(redis.dispatchInCallOrder(redis.commands().set("order:" + i, "v")));
            }
            CompletableFuture<Reply> size = redis.dispatchInCallOrder(redis.commands().command("DBSIZE"));
            assertThat(size.join()).isEqualTo(new Reply.IntegerReply(500)); // the same connection answered the SETs first
            sent.forEach(CompletableFuture::join);
        }
    }

    @Test
    void aReadAfterAWriteOfAnotherKeySeesItAndBlockingCommandsStillWork() {
        CompletableFuture<Long> pushed = redis.dispatchInCallOrder(redis.commands().rpush("queue", "job"));
        CompletableFuture<Long> copied = redis.dispatchInCallOrder(redis.commands().command("COPY", "queue", "copy"))
                .thenApply(reply -> ((Reply.IntegerReply) reply).value());
        CompletableFuture<List<String>> copy = redis.dispatchInCallOrder(redis.commands().lrange("copy", 0, -1));
        assertThat(pushed.join()).isEqualTo(1L);
        assertThat(copied.join()).isEqualTo(1L);
        assertThat(copy.join()).containsExactly("job");
        assertThat(redis.dispatchInCallOrder(redis.commands().blpop(java.time.Duration.ofSeconds(1), "queue")).join())
                .isNotNull();
    }
}
