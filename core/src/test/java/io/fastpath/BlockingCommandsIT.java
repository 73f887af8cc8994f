package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.KeyValue;
import io.fastpath.command.KeyedValues;
import io.fastpath.command.ListSide;
import io.fastpath.command.Reply;
import io.fastpath.command.ScoredValue;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Blocking commands on the pooled dedicated connections, against a real server. */
class BlockingCommandsIT extends RedisServerPerClass {

    @Test
    void blpopWaitsForAPushAndReturnsTheKeyAndTheValue() throws Exception {
        CompletableFuture<KeyValue<String, String>> popped = redis.async().blpop(Duration.ofSeconds(10), "empty", "jobs");
        awaitBlockedClients(1);
        redis.rpush("jobs", "job-1", "job-2");
        assertThat(popped.get(10, TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("jobs", "job-1"));
        assertThat(redis.brpop(Duration.ofSeconds(1), List.of("jobs"))).isEqualTo(new KeyValue<>("jobs", "job-2"));
    }

    @Test
    void aBlockThatTimesOutOnTheServerAnswersNullEvenWhenLongerThanTheCommandTimeout() {
        try (RedisClient shortTimeout = RedisClient.builder().uri(server.uri()).commandTimeout(Duration.ofMillis(200)).build()) {
            // The deadline is the block time plus the command timeout, so the server's nil arrives first.
            assertThat(shortTimeout.blpop(Duration.ofMillis(600), "nothing")).isNull();
            assertThat(shortTimeout.bzpopmin(Duration.ofMillis(300), List.of("no-zset"))).isNull();
            assertThat(shortTimeout.xread(Duration.ofMillis(300), StreamReadArgs.none(),
                    List.of(StreamOffset.after("no-stream", "$")))).isEmpty();
        }
    }

    @Test
    void everyTypedBlockingCommandGetsWhatArrives() throws Exception {
        redis.rpush("source", "a", "b", "c");
        assertThat(redis.blmove("source", "target", ListSide.LEFT, ListSide.RIGHT, Duration.ofSeconds(1))).isEqualTo("a");
        assertThat(redis.blmpop(Duration.ofSeconds(1), List.of("missing", "source"), ListSide.RIGHT, 5))
                .isEqualTo(new KeyedValues<>("source", List.of("c", "b")));
        redis.zadd("scores", 2.0, "two");
        redis.zadd("scores", 1.0, "one");
        redis.zadd("scores", 3.0, "three");
        assertThat(redis.bzpopmin(Duration.ofSeconds(1), List.of("scores")))
                .isEqualTo(new KeyValue<>("scores", new ScoredValue<>("one", 1.0)));
        assertThat(redis.bzpopmax(Duration.ofSeconds(1), List.of("scores")))
                .isEqualTo(new KeyValue<>("scores", new ScoredValue<>("three", 3.0)));

        CompletableFuture<List<StreamEntries<String, String>>> read = redis.async().xread(Duration.ofSeconds(10),
                StreamReadArgs.none(), List.of(StreamOffset.after("events", "$")));
        awaitBlockedClients(1);
        String id = redis.xadd("events", Map.of("kind", "login"));
        List<StreamEntries<String, String>> entries = read.get(10, TimeUnit.SECONDS);
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).entries().get(0).id()).isEqualTo(id);

        redis.xgroupCreate("events", "workers", "$", true);
        CompletableFuture<List<StreamEntries<String, String>>> grouped = redis.async().xreadGroup(Duration.ZERO,
                "workers", "w1", StreamReadArgs.none().count(1), List.of(StreamOffset.undelivered("events")));
        awaitBlockedClients(1);
        String second = redis.xadd("events", Map.of("kind", "logout"));
        assertThat(grouped.get(10, TimeUnit.SECONDS).get(0).entries().get(0).id()).isEqualTo(second);

        assertThat(redis.waitForReplicas(0, Duration.ofMillis(100))).isZero(); // no replicas here
    }

    @Test
    void aGenericBlpopGoesToTheBlockingPoolSoItNeverHoldsASharedConnection() throws Exception {
        try (RedisClient oneShared = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).build()) {
            CompletableFuture<Reply> blpop = oneShared.async().send("BLPOP", "queue", "0");
            awaitBlockedClients(1);
            oneShared.set("k", "v");
            assertThat(oneShared.get("k")).isEqualTo("v"); // answered while BLPOP still blocks
            assertThat(blpop).isNotDone();
            oneShared.rpush("queue", "item");
            assertThat(blpop.get(10, TimeUnit.SECONDS)).isInstanceOf(Reply.ArrayReply.class);
        }
    }

    @Test
    void thirtyTwoBlpopsOnEmptyListsNeverDelayGetsOnSharedConnections() throws Exception {
        int blockers = 32;
        int getters = 64;
        try (RedisClient client = RedisClient.builder().uri(server.uri()).blockingConnectionsPerNode(blockers).build()) {
            for (int i = 0; i < getters; i++) {
                client.set("key:" + i, "value:" + i);
            }
            List<CompletableFuture<KeyValue<String, String>>> pops = new ArrayList<>();
            for (int i = 0; i < blockers; i++) {
                pops.add(client.async().blpop(Duration.ZERO, "list:" + i));
            }
            awaitBlockedClients(blockers);

            ExecutorService pool = Executors.newFixedThreadPool(getters);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> gets = new ArrayList<>();
            for (int g = 0; g < getters; g++) {
                int getter = g;
                gets.add(pool.submit(() -> {
                    start.await();
                    for (int n = 0; n < 500; n++) {
                        assertThat(client.get("key:" + getter)).isEqualTo("value:" + getter);
                    }
                    return 500;
                }));
            }
            start.countDown();
            int done = 0;
            for (Future<Integer> get : gets) {
                done += get.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(done).isEqualTo(getters * 500);
            assertThat(pops).noneMatch(CompletableFuture::isDone);

            for (int i = 0; i < blockers; i++) {
                client.rpush("list:" + i, "pushed:" + i);
            }
            for (int i = 0; i < blockers; i++) {
                assertThat(pops.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("list:" + i, "pushed:" + i));
            }
        }
    }

    @Test
    void callersBeyondThePoolWaitForAConnectionAndFailNotSentWhenNoneFreesInTime() throws Exception {
        try (RedisClient onePooled = RedisClient.builder().uri(server.uri()).blockingConnectionsPerNode(1)
                .commandTimeout(Duration.ofMillis(500)).build()) {
            CompletableFuture<KeyValue<String, String>> first = onePooled.async().blpop(Duration.ZERO, "first");
            CompletableFuture<KeyValue<String, String>> second = onePooled.async().blpop(Duration.ZERO, "second");
            awaitBlockedClients(1);
            onePooled.rpush("first", "1"); // frees the only connection: the waiting caller gets it
            assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("first", "1"));
            awaitBlockedClients(1);
            onePooled.rpush("second", "2");
            assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(new KeyValue<>("second", "2"));

            CompletableFuture<KeyValue<String, String>> holder = onePooled.async().blpop(Duration.ZERO, "held");
            awaitBlockedClients(1);
            assertThatThrownBy(() -> onePooled.blpop(Duration.ofSeconds(1), "other"))
                    .isInstanceOf(RedisNotSentException.class).hasMessageContaining("blockingConnectionsPerNode");
            onePooled.rpush("held", "x");
            assertThat(holder.get(10, TimeUnit.SECONDS).value()).isEqualTo("x");
        }
    }

    @Test
    void anInterruptedBlockingCallerClosesItsConnectionSoTheServerStopsHoldingIt() throws Exception {
        CompletableFuture<KeyValue<String, String>> popped = redis.async().blpop(Duration.ZERO, "never");
        awaitBlockedClients(1);
        popped.cancel(false);
        awaitBlockedClients(0);
        redis.rpush("never", "kept");
        assertThat(redis.lrange("never", 0, -1)).containsExactly("kept"); // nobody popped it
    }

    @Test
    void badBlockingArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.blpop(Duration.ofSeconds(-1), "k")).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.blpop(Duration.ofSeconds(1), List.of())).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.blmpop(Duration.ofSeconds(1), List.of("k"), ListSide.LEFT, 0))
                .isInstanceOf(RedisArgumentException.class);
    }

    private void awaitBlockedClients(int expected) {
        Eventually.await("blocked_clients reaches " + expected, this::blockedClients, count -> count == expected,
                Duration.ofSeconds(10));
    }

    private long blockedClients() {
        String info = String.valueOf(server.call("INFO", "clients"));
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("blocked_clients:")) {
                return Long.parseLong(line.substring("blocked_clients:".length()).trim());
            }
        }
        throw new AssertionError("no blocked_clients in INFO clients");
    }
}
