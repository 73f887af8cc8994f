package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisRedirectException;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The client follows a cluster that changes under load: slot migration, manual failover, a new node,
 * and a primary killed with SIGKILL (last, since it leaves a node dead).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterTopologyChangesIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(
            RedisCluster.builder().primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofMillis(2000)));

    @Test
    @Order(1)
    void aSlotMigratedStepByStepWhileSixteenCallersUseItSurfacesNoErrorAndNoWrongReply() throws Exception {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{moving}");
        RedisServer source = cluster.nodeForSlot(slot);
        RedisServer target = otherPrimary(cluster, source);
        try (RedisClient client = RedisClient.create(source.uri());
             ClusterLoad load = new ClusterLoad(client, 16, caller -> keys("{moving}:c" + caller + ":", 20))) {
            awaitRounds(load, 0, 16 * 20);
            cluster.beginMigration(slot, target);
            while (cluster.migrateKeys(slot, 7) > 0) {
                Thread.sleep(20); // Not synchronization: paces the migration, seven keys a step, so the load runs between steps
            }
            cluster.finishMigration(slot, target);
            long afterMigration = load.succeeded.get();
            awaitRounds(load, afterMigration, 2 * 16 * 20);
            Map<String, String> expected = load.stop();

            assertThat(load.errors).isEmpty();
            assertThat(load.wrongReplies).isEmpty();
            assertThat(load.succeeded.get()).isGreaterThan(afterMigration);
            assertThat(target.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(320L);
            for (Map.Entry<String, String> entry : expected.entrySet()) {
                assertThat(target.call("GET", entry.getKey())).as(entry.getKey()).isEqualTo(entry.getValue());
            }
        }
    }

    @Test
    @Order(2)
    void aCommandRedirectedMoreOftenThanAllowedFailsWithAClearErrorAndIsNotSentAgain() {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{capped}");
        RedisServer source = cluster.nodeForSlot(slot);
        RedisServer target = otherPrimary(cluster, source);
        try (RedisClient strict = RedisClient.builder().uri(source.uri()).maxRedirects(0).build();
             RedisClient normal = RedisClient.create(source.uri())) {
            normal.set("{capped}:key", "value");
            cluster.beginMigration(slot, target);
            cluster.migrateKeys(slot, 10);
            assertThatThrownBy(() -> strict.get("{capped}:key"))
                    .isInstanceOf(RedisRedirectException.class)
                    .hasMessageContaining("maxRedirects")
                    .hasMessageContaining("ASK " + slot);
            assertThat(normal.get("{capped}:key")).isEqualTo("value");
            cluster.finishMigration(slot, target);
            assertThat(normal.get("{capped}:key")).isEqualTo("value");
        }
    }

    @Test
    @Order(3)
    void aManualFailoverDuringLoadLetsWritesResumeWithoutAWrongReply() throws Exception {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("{failing-over}");
        RedisServer primary = cluster.nodeForSlot(slot);
        RedisServer replica = cluster.replicasOf(primary).get(0);
        try (RedisClient client = RedisClient.create(primary.uri());
             ClusterLoad load = new ClusterLoad(client, 8, caller -> keys("{failing-over}:c" + caller + ":", 10))) {
            awaitRounds(load, 0, 8 * 10);
            cluster.failover(replica);
            long afterFailover = load.succeeded.get();
            awaitRounds(load, afterFailover, 2 * 8 * 10);
            load.stop();

            assertThat(load.wrongReplies).isEmpty();
            assertThat(load.errors).isEmpty();
            assertThat(load.succeeded.get()).isGreaterThan(afterFailover);
            assertThat(replica.call("CLUSTER", "COUNTKEYSINSLOT", Integer.toString(slot))).isEqualTo(80L);
        }
    }

    @Test
    @Order(4)
    void aNodeAddedAndGivenSlotsIsUsedWithoutARestart() {
        RedisCluster cluster = redis.cluster();
        try (RedisClient client = RedisClient.create(cluster.primaries().get(0).uri())) {
            client.set("{joining}:before", "1");
            RedisServer added = cluster.addPrimary();
            cluster.migrateSlot(cluster.keySlot("{joining}"), added);
            for (int i = 0; i < 50; i++) {
                client.set("{joining}:" + i, "v" + i);
            }
            for (int i = 0; i < 50; i++) {
                assertThat(client.get("{joining}:" + i)).isEqualTo("v" + i);
            }
            assertThat(client.get("{joining}:before")).isEqualTo("1");
            assertThat(added.call("DBSIZE")).isEqualTo(51L);
        }
    }

    @Test
    @Order(5)
    void killingAPrimaryLeavesOtherShardsServingAndItsShardRecoversAfterPromotion() throws Exception {
        RedisCluster cluster = redis.cluster();
        RedisServer victim = cluster.nodeForSlot(cluster.keySlot("{victim}"));
        List<String> otherShardKeys = cluster.keysServedElsewhere(victim, "survivor:", 40);
        try (RedisClient client = RedisClient.create(cluster.primaries().get(0).uri());
             ClusterLoad load = new ClusterLoad(client, 4, caller -> otherShardKeys.subList(caller * 10, caller * 10 + 10))) {
            client.set("{victim}:key", "before");
            cluster.killPrimary(victim);
            cluster.awaitPromotion(victim);
            Eventually.await("the failed shard serves again", () -> {
                try {
                    client.set("{victim}:key", "after");
                    return client.get("{victim}:key");
                } catch (RuntimeException stillFailing) {
                    return stillFailing.toString();
                }
            }, "after"::equals, Duration.ofSeconds(30));
            load.stop();
            assertThat(load.errors).isEmpty();
            assertThat(load.wrongReplies).isEmpty();
        }
    }

    /** Waits until the load has had {@code successes} more than {@code from}: its callers went round their keys. */
    private static void awaitRounds(ClusterLoad load, long from, long successes) {
        Eventually.awaitTrue("the load has " + successes + " successes more than " + from,
                () -> load.succeeded.get() >= from + successes, Duration.ofSeconds(30));
    }

    private static RedisServer otherPrimary(RedisCluster cluster, RedisServer not) {
        for (RedisServer primary : cluster.primaries()) {
            if (primary != not) {
                return primary;
            }
        }
        throw new AssertionError("no other primary");
    }

    private static List<String> keys(String prefix, int count) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add(prefix + i);
        }
        return keys;
    }
}
