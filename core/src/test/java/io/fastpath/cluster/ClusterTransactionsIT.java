package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Queued;
import io.fastpath.RedisClient;
import io.fastpath.RedisCrossSlotException;
import io.fastpath.Teardown;
import io.fastpath.Transaction;
import io.fastpath.TransactionResult;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** MULTI/EXEC and WATCH on a 3-primary cluster: one slot per transaction, checked before sending. */
class ClusterTransactionsIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    static RedisClient client;

    @BeforeAll
    static void connect() {
        client = RedisClient.create(redis.cluster().primaries().get(0).uri());
    }

    @AfterAll
    static void close() throws Exception {
        Teardown.closeAll(client);
    }

    @BeforeEach
    void emptyTheCluster() {
        client.flushall();
    }

    @Test
    void aTransactionOnHashtaggedKeysRunsOnTheSlotsPrimaryWithTypedResults() {
        for (String tag : List.of("a", "b", "c", "d", "e", "f")) { // tags spread over the three primaries
            Transaction tx = client.multi();
            tx.queue(tx.commands().set("{" + tag + "}name", "n-" + tag));
            Queued<Long> count = tx.queue(tx.commands().incr("{" + tag + "}count"));
            Queued<List<String>> both = tx.queue(tx.commands().mget("{" + tag + "}name", "{" + tag + "}count"));
            assertThat(tx.exec().committed()).isTrue();
            assertThat(count.get()).isEqualTo(1L);
            assertThat(both.get()).containsExactly("n-" + tag, "1");
            int slot = redis.cluster().keySlot("{" + tag + "}name");
            assertThat(ClusterSlotOwners.of(redis.cluster()).owner(slot).call("GET", "{" + tag + "}name"))
                    .isEqualTo("n-" + tag);
        }
    }

    @Test
    void aTransactionWhoseKeysSpanSlotsIsRefusedBeforeAnythingIsSent() {
        Transaction tx = client.multi();
        tx.queue(tx.commands().set("alpha", "1"));
        tx.queue(tx.commands().set("omega", "2"));
        assertThat(redis.cluster().keySlot("alpha")).isNotEqualTo(redis.cluster().keySlot("omega"));

        assertThatThrownBy(tx::exec).isInstanceOf(RedisCrossSlotException.class).hasMessageContaining("alpha");
        assertThat(client.exists("alpha", "omega")).isZero();
        assertThatThrownBy(() -> client.watch(List.of("alpha", "omega"), wtx -> null))
                .isInstanceOf(RedisCrossSlotException.class);
        assertThatThrownBy(() -> client.watch(List.of("alpha"), wtx -> wtx.read(wtx.commands().get("omega"))))
                .isInstanceOf(RedisCrossSlotException.class);
    }

    @Test
    void aWatchConflictAbortsExecAndTheRetrySucceedsOnTheSlotsPrimary() {
        client.set("{acct}balance", "100");
        AtomicInteger attempts = new AtomicInteger();
        TransactionResult<Queued<Long>> result = client.watch(List.of("{acct}balance"), 3, tx -> {
            long balance = Long.parseLong(tx.read(tx.commands().get("{acct}balance")));
            if (attempts.incrementAndGet() == 1) {
                client.set("{acct}balance", "70"); // a concurrent writer between WATCH and EXEC
            }
            tx.queue(tx.commands().set("{acct}balance", Long.toString(balance + 5)));
            return tx.queue(tx.commands().incr("{acct}deposits"));
        });
        assertThat(result.committed()).isTrue();
        assertThat(result.attempts()).isEqualTo(2);
        assertThat(result.value().get()).isEqualTo(1L);
        assertThat(client.get("{acct}balance")).isEqualTo("75");

        client.set("{acct}balance", "100");
        TransactionResult<Void> aborted = client.watch(List.of("{acct}balance"), tx -> {
            client.set("{acct}balance", "1");
            tx.queue(tx.commands().set("{acct}balance", "999"));
            return null;
        });
        assertThat(aborted.committed()).isFalse();
        assertThat(client.get("{acct}balance")).isEqualTo("1");
    }
    @Test
    void transactionsOnSlotsThatMovedBehindTheClientsBackRunOnTheNewOwner() {
        RedisCluster cluster = redis.cluster();
        // No periodic refresh: the client learns of the moves only from the MOVED its transactions get.
        try (RedisClient stale = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .topologyRefreshPeriod(Duration.ofHours(1)).build()) {
            String blockKey = "{moved-block}counter";
            String watchedKey = "{moved-watch}counter";
            stale.set(blockKey, "1");
            stale.set(watchedKey, "10");
            List<int[]> moves = new ArrayList<>();
            for (String key : List.of(blockKey, watchedKey)) {
                int slot = cluster.keySlot(key);
                RedisServer owner = cluster.nodeForSlot(slot);
                RedisServer target = cluster.primaries().stream().filter(node -> node != owner).findFirst().orElseThrow();
                cluster.migrateSlot(slot, target);
                moves.add(new int[] {slot, cluster.primaries().indexOf(owner)});
            }
            try {
                Transaction tx = stale.multi();
                Queued<Long> incremented = tx.queue(tx.commands().incr(blockKey));
                assertThat(tx.exec().committed()).isTrue(); // refused whole by the old owner (MOVED), then run on the new
                assertThat(incremented.get()).isEqualTo(2L);

                TransactionResult<Queued<Long>> watched = stale.watch(List.of(watchedKey), wtx -> {
                    assertThat(wtx.read(wtx.commands().get(watchedKey))).isEqualTo("10");
                    return wtx.queue(wtx.commands().incr(watchedKey));
                });
                assertThat(watched.committed()).isTrue();
                assertThat(watched.value().get()).isEqualTo(11L);
                assertThat(client.get(blockKey)).isEqualTo("2");
                assertThat(client.get(watchedKey)).isEqualTo("11");
            } finally {
                for (int[] move : moves) {
                    cluster.migrateSlot(move[0], cluster.primaries().get(move[1]));
                }
            }
        }
    }
}
