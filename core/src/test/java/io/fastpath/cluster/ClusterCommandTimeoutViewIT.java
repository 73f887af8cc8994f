package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisCommands;
import io.fastpath.RedisEvent;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code withTimeout(d)} on a real 3-primary cluster: a command the cluster refuses for now (TRYAGAIN during a slot
 * migration) is retried until the view's deadline, not the client's; a MOVED is followed under the view; a blocking
 * pop on its slot's primary keeps its block time.
 */
class ClusterCommandTimeoutViewIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    private static RedisServer otherPrimary(RedisCluster cluster, RedisServer than) {
        return cluster.primaries().stream().filter(node -> node != than).findFirst().orElseThrow();
    }

    @Test
    void aRetriedCommandStopsAtItsViewsDeadlineWhileTheClientsTimeoutRetriesUntilTheMigrationEnds() throws Exception {
        RedisCluster cluster = redis.cluster();
        try (RedisClient client = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .commandTimeout(Duration.ofSeconds(30)).build()) {
            String present = "{retry-view}present";
            String missing = "{retry-view}missing";
            client.set(present, "here");
            int slot = KeySlots.slot(present);
            RedisServer target = otherPrimary(cluster, cluster.nodeForSlot(slot));
            // MIGRATING with one key of the MGET present and one absent: the source answers TRYAGAIN until it ends.
            cluster.beginMigration(slot, target);
            CompletableFuture<List<String>> patient;
            try {
                patient = client.async().mget(present, missing);
                RedisCommands<String, String> quick = client.withTimeout(Duration.ofMillis(500));
                CompletableFuture<List<String>> quickly = quick.async().mget(present, missing);
                Throwable failure = failureOf(quickly);
                // The last retry either met TRYAGAIN with no time left for another, or was in flight at the deadline.
                assertThat(failure).satisfiesAnyOf(
                        refused -> assertThat(refused).isInstanceOfSatisfying(RedisServerException.class,
                                server -> assertThat(server.code()).isEqualTo("TRYAGAIN")),
                        late -> assertThat(late).isInstanceOf(RedisTimeoutException.class));
                assertThat(patient).isNotDone();
            } finally {
                while (cluster.migrateKeys(slot, 100) > 0) {
                    // moves the slot's keys in batches until the source holds none
                }
                cluster.finishMigration(slot, target);
            }
            assertThat(patient.get(30, TimeUnit.SECONDS)).containsExactly("here", null);
        }
    }

    @Test
    void aCommandRedirectedByMovedIsFollowedUnderTheView() throws Exception {
        RedisCluster cluster = redis.cluster();
        BlockingQueue<RedisEvent> events = new LinkedBlockingQueue<>();
        try (RedisClient client = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .eventListener(events::add).build()) {
            String key = "{moved-view}key";
            client.set(key, "value");
            int slot = KeySlots.slot(key);
            RedisServer source = cluster.nodeForSlot(slot);
            RedisServer target = otherPrimary(cluster, source);
            cluster.migrateSlot(slot, target); // the client's slot table still names the source

            assertThat(client.withTimeout(Duration.ofSeconds(2)).get(key)).isEqualTo("value");
            RedisEvent redirected = null;
            while (!(redirected instanceof RedisEvent.Redirected)) {
                redirected = events.poll(10, TimeUnit.SECONDS);
                assertThat(redirected).as("a MOVED redirect").isNotNull();
            }
            assertThat(redirected).isEqualTo(new RedisEvent.Redirected("127.0.0.1:" + source.port(), "MOVED", slot,
                    "127.0.0.1:" + target.port()));
        }
    }

    @Test
    void aBlockingPopOnItsSlotsPrimaryKeepsItsBlockTimeBeyondAShorterViewTimeout() {
        try (RedisClient client = RedisClient.builder().uri(redis.cluster().primaries().get(0).uri())
                .commandTimeout(Duration.ofMillis(200)).build()) {
            RedisCommands<String, String> quick = client.withTimeout(Duration.ofMillis(100));
            // Deadline = block time + the view's timeout: the node's own empty answer comes first, at 1 s.
            assertThat(quick.blpop(Duration.ofSeconds(1), "{pop-view}a", "{pop-view}b")).isNull();
            client.rpush("{pop-view}b", "job");
            assertThat(quick.async().blpop(Duration.ofSeconds(1), Arrays.asList("{pop-view}a", "{pop-view}b")).join().value())
                    .isEqualTo("job");
        }
    }

    private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
        try {
            future.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | CompletionException failed) {
            return failed.getCause();
        }
        throw new AssertionError("expected a failure, got " + future.join());
    }
}
