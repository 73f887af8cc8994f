package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.command.Reply;
import io.fastpath.testkit.FaultProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** MULTI/EXEC blocks on shared connections and WATCH transactions on leased ones, against a real server. */
class TransactionsIT extends RedisServerPerClass {

    @Test
    void aTransactionRunsItsCommandsTogetherAndHandsEachItsTypedResult() {
        redis.set("visits", "41");
        Transaction tx = redis.multi();
        Queued<Boolean> set = tx.queue(tx.commands().set("last", "alice"));
        Queued<Long> visits = tx.queue(tx.commands().incr("visits"));
        Queued<String> last = tx.queue(tx.commands().get("last"));
        Queued<Long> pushed = tx.queue(redis.binary().commands().rpush("log".getBytes(), "a".getBytes(), "b".getBytes()));

        TransactionResult<Void> result = tx.exec();

        assertThat(result.committed()).isTrue();
        assertThat(result.commands()).isEqualTo(4);
        assertThat(set.get()).isTrue();
        assertThat(visits.get()).isEqualTo(42L);
        assertThat(last.get()).isEqualTo("alice");
        assertThat(pushed.get()).isEqualTo(2L);
        assertThat(redis.lrange("log", 0, -1)).containsExactly("a", "b");
    }

    @Test
    void aHandleHasNoResultBeforeExecAndTheBlockTakesNoCommandsAfterIt() {
        Transaction tx = redis.multi();
        Queued<Long> incr = tx.queue(tx.commands().incr("counter"));
        assertThatThrownBy(incr::get).isInstanceOf(IllegalStateException.class).hasMessageContaining("no result yet");
        tx.exec();
        assertThat(incr.get()).isEqualTo(1L);
        assertThatThrownBy(() -> tx.queue(tx.commands().incr("counter"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(tx::exec).isInstanceOf(IllegalStateException.class);
        assertThat(redis.get("counter")).isEqualTo("1");
    }

    @Test
    void aCommandRefusedWhileQueueingDiscardsTheWholeBlockWithExecAbortNamingIt() {
        Transaction tx = redis.multi();
        tx.queue(tx.commands().incr("counter"));
        tx.queue(tx.commands().command("SET", "only-a-key"));

        assertThatThrownBy(tx::exec).isInstanceOfSatisfying(RedisServerException.class, refused -> {
            assertThat(refused.code()).isEqualTo("EXECABORT");
            assertThat(refused.getMessage()).contains("command 2 (SET)").contains("wrong number of arguments");
        });
        assertThat(redis.exists("counter")).isZero();
        assertThat(redis.incr("counter")).isEqualTo(1L); // the shared connection is in a clean state afterwards
    }

    @Test
    void aCommandFailingWhileTheBlockRunsFailsOnlyItsOwnHandleAsTheServerDoes() {
        redis.set("text", "not a list");
        Transaction tx = redis.multi();
        Queued<Long> wrongType = tx.queue(tx.commands().lpush("text", "x"));
        Queued<Long> counter = tx.queue(tx.commands().incr("counter"));

        assertThat(tx.exec().committed()).isTrue();

        assertThatThrownBy(wrongType::get).isInstanceOfSatisfying(RedisServerException.class,
                failed -> assertThat(failed.code()).isEqualTo("WRONGTYPE"));
        assertThat(counter.get()).isEqualTo(1L);
    }

    @Test
    void transactionCommandsSentOnTheirOwnAreRefusedBeforeAnythingIsSent() {
        for (String command : List.of("MULTI", "exec", "DISCARD", "WATCH", "UNWATCH")) {
            assertThatThrownBy(() -> redis.send(command, "k")).isInstanceOf(RedisArgumentException.class)
                    .hasMessageContaining("redis.multi()");
        }
        Transaction tx = redis.multi();
        assertThatCode(() -> tx.queue(tx.commands().command("PING"))).doesNotThrowAnyException();
        assertThat(tx.exec().commands()).isEqualTo(1);
    }

    @Test
    void transactionsAndPlainCommandsFromManyThreadsOnOneSharedConnectionNeverInterleave() throws Exception {
        try (RedisClient shared = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).build()) {
            int threads = 16;
            int rounds = 300;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> checked = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                checked.add(pool.submit(() -> {
                    start.await();
                    int replies = 0;
                    for (int round = 1; round <= rounds; round++) {
                        String key = "t" + thread;
                        if (thread % 2 == 0) { // transactions: their replies must be their own, in order
                            Transaction tx = shared.multi();
                            Queued<Boolean> set = tx.queue(tx.commands().set(key, "v" + round));
                            Queued<Long> incr = tx.queue(tx.commands().incr(key + ":n"));
                            Queued<String> get = tx.queue(tx.commands().get(key));
                            tx.exec();
                            assertThat(set.get()).isTrue();
                            assertThat(incr.get()).isEqualTo(round);
                            assertThat(get.get()).isEqualTo("v" + round);
                            replies += 3;
                        } else { // plain commands: never a QUEUED reply or another caller's value
                            shared.set(key, "p" + round);
                            assertThat(shared.get(key)).isEqualTo("p" + round);
                            assertThat(shared.incr(key + ":n")).isEqualTo(round);
                            replies += 3;
                        }
                    }
                    return replies;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> result : checked) {
                total += result.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(total).isEqualTo(threads * rounds * 3);
        }
    }

    @Test
    void aConnectionLostBeforeExecIsAnsweredFailsTheWholeTransactionAndNothingRunsHalfway() {
        try (FaultProxy proxy = FaultProxy.inFrontOf(server);
             RedisClient viaProxy = RedisClient.builder().uri(proxy.uri()).connectionsPerNode(1).build()) {
            viaProxy.set("warm", "up");
            proxy.cutAfterBytes(5); // MULTI's +OK gets through; the connection is cut before the QUEUED replies
            Transaction tx = viaProxy.multi();
            Queued<Long> first = tx.queue(tx.commands().incr("first"));
            Queued<Long> second = tx.queue(tx.commands().incr("second"));

            assertThatThrownBy(tx::exec).isInstanceOf(RedisOutcomeUnknownException.class);
            assertThatThrownBy(first::get).isInstanceOf(IllegalStateException.class);
            proxy.reset();
            // The server ran all of the block or none of it, never a part.
            assertThat(redis.exists("first", "second")).isIn(0L, 2L);
            assertThat(second.commandName()).isEqualTo("INCR");
        }
    }

    @Test
    void aWatchConflictAbortsExecAndTheRetrySucceeds() {
        redis.set("balance", "100");
        AtomicInteger attempts = new AtomicInteger();

        TransactionResult<Queued<Long>> once = redis.watch(List.of("balance"), tx -> {
            long balance = Long.parseLong(tx.read(tx.commands().get("balance")));
            if (attempts.incrementAndGet() == 1) {
                redis.set("balance", "50"); // another client writes between WATCH and EXEC
            }
            tx.queue(tx.commands().set("balance", Long.toString(balance - 30)));
            return tx.queue(tx.commands().incr("withdrawals"));
        });
        assertThat(once.committed()).isFalse();
        assertThat(once.attempts()).isEqualTo(1);
        assertThatThrownBy(() -> once.value().get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("aborted");
        assertThat(redis.get("balance")).isEqualTo("50");
        assertThat(redis.exists("withdrawals")).isZero();

        attempts.set(0);
        redis.set("balance", "100");
        TransactionResult<Queued<Long>> retried = redis.watch(List.of("balance"), 3, tx -> {
            long balance = Long.parseLong(tx.read(tx.commands().get("balance")));
            if (attempts.incrementAndGet() == 1) {
                redis.set("balance", "50");
            }
            tx.queue(tx.commands().set("balance", Long.toString(balance - 30)));
            return tx.queue(tx.commands().incr("withdrawals"));
        });
        assertThat(retried.committed()).isTrue();
        assertThat(retried.attempts()).isEqualTo(2);
        assertThat(retried.value().get()).isEqualTo(1L);
        assertThat(redis.get("balance")).isEqualTo("20"); // 50 read on the second attempt, minus 30
    }

    @Test
    void concurrentWatchTransactionsOnOneCounterLoseNoIncrement() throws Exception {
        redis.set("shared", "0");
        int threads = 6;
        int increments = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < increments; i++) {
                    TransactionResult<Void> result = redis.watch(List.of("shared"), 1000, tx -> {
                        long value = Long.parseLong(tx.read(tx.commands().get("shared")));
                        tx.queue(tx.commands().set("shared", Long.toString(value + 1)));
                        return null;
                    });
                    assertThat(result.committed()).isTrue();
                }
            }));
        }
        for (Future<?> each : done) {
            each.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(redis.get("shared")).isEqualTo(Integer.toString(threads * increments));
    }

    @Test
    void aWatchedConnectionLostBeforeExecIsNeverUsedToCommitWithoutItsWatch() {
        redis.set("guarded", "original");
        assertThatThrownBy(() -> redis.watch(List.of("guarded"), tx -> {
            String id = Long.toString(((Reply.IntegerReply) tx.read(tx.commands().command("CLIENT", "ID"))).value());
            int clients = connectedClients();
            server.call("CLIENT", "KILL", "ID", id);
            awaitReconnected(id, clients); // the block below then goes out on the new channel, which lacks the WATCH
            return tx.queue(tx.commands().set("guarded", "overwritten"));
        })).isInstanceOf(RedisNotSentException.class).hasMessageContaining("after WATCH");
        assertThat(redis.get("guarded")).isEqualTo("original");
        // The pool replaced the broken connection: the next WATCH transaction works.
        assertThat(redis.watch(List.of("guarded"), tx -> tx.queue(tx.commands().set("guarded", "next"))).committed()).isTrue();
        assertThat(redis.get("guarded")).isEqualTo("next");
    }

    private int connectedClients() {
        return clientList().split("\n").length;
    }

    private String clientList() {
        return String.valueOf(server.call("CLIENT", "LIST"));
    }

    private void awaitReconnected(String killedId, int clients) {
        Eventually.awaitTrue("the WATCH connection reconnects",
                () -> !clientList().contains("id=" + killedId + " ") && connectedClients() >= clients, Duration.ofSeconds(10));
    }

    @Test
    void aWatchCallbackThatQueuesNothingOrThrowsLeavesNoWatchBehind() {
        redis.set("k", "1");
        TransactionResult<String> readOnly = redis.watch(List.of("k"), tx -> tx.read(tx.commands().get("k")));
        assertThat(readOnly.committed()).isTrue();
        assertThat(readOnly.commands()).isZero();
        assertThat(readOnly.value()).isEqualTo("1");

        assertThatThrownBy(() -> redis.watch(List.of("k"), tx -> {
            throw new IllegalArgumentException("the caller changed its mind");
        })).isInstanceOf(IllegalArgumentException.class);

        // With one WATCH connection, a stale WATCH on k would abort this block after the write below.
        try (RedisClient single = RedisClient.builder().uri(server.uri()).watchConnectionsPerNode(1).build()) {
            single.watch(List.of("k"), tx -> tx.read(tx.commands().get("k")));
            single.set("k", "2");
            TransactionResult<Void> next = single.watch(List.of("other"), tx -> {
                tx.queue(tx.commands().set("other", "x"));
                return null;
            });
            assertThat(next.committed()).isTrue();
        }
    }

    @Test
    void badWatchArgumentsFailBeforeAnythingIsSent() {
        assertThatThrownBy(() -> redis.watch(List.of(), tx -> null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.watch(List.of("k"), 0, tx -> null)).isInstanceOf(RedisArgumentException.class);
        assertThatThrownBy(() -> redis.watch(List.of("k"), tx -> tx.read(tx.commands().command("MULTI"))))
                .isInstanceOf(RedisArgumentException.class);
    }
}
