package io.fastpath.cluster;

import io.fastpath.RedisClient;
import io.fastpath.TaggedWorkload;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cluster cases of the reliability catalogue under the universal oracle of {@link TaggedWorkload}
 * (no wrong reply, every future completed once, only delivery exceptions): forced and takeover
 * failovers (case 16) and slot migration (case 17) while 8 callers keep 16 commands each in flight.
 * ClusterTopologyChangesIT covers the graceful failover, kill -9 of a primary and same-slot multi-key
 * commands during a migration.
 */
class ClusterFaultCatalogueIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(
            RedisCluster.builder().primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofMillis(2000)));

    @Test
    void aForcedFailoverDuringLoadDeliversNoWrongReplyAndTheShardServesAgain() throws Exception {
        failOverUnderLoad("forced", (cluster, replica) -> cluster.failoverForce(replica));
    }

    @Test
    void aTakeoverDuringLoadDeliversNoWrongReplyAndTheShardServesAgain() throws Exception {
        failOverUnderLoad("takeover", (cluster, replica) -> cluster.takeover(replica));
    }

    private interface Failover {
        void run(RedisCluster cluster, RedisServer replica);
    }

    private void failOverUnderLoad(String prefix, Failover failover) throws Exception {
        RedisCluster cluster = redis.cluster();
        // The shard of the first caller's first key: its keys are among those in flight.
        RedisServer primary = cluster.nodeForSlot(cluster.keySlot(prefix + ":c0:k0"));
        RedisServer replica = cluster.replicasOf(primary).get(0);
        try (RedisClient client = RedisClient.create(primary.uri());
             TaggedWorkload load = TaggedWorkload.start(client, prefix, 8, 16)) {
            load.awaitMoreSuccesses(500, Duration.ofSeconds(30));
            failover.run(cluster, replica);
            load.awaitMoreSuccesses(2_000, Duration.ofSeconds(30));
            load.stop(Duration.ofSeconds(20));
            load.assertOracle();
        }
    }

    @Test
    void aSlotMigratedStepByStepUnderTaggedLoadDeliversNoWrongReply() throws Exception {
        RedisCluster cluster = redis.cluster();
        int slot = cluster.keySlot("migrating:c0:k0");
        RedisServer source = cluster.nodeForSlot(slot);
        RedisServer target = null;
        for (RedisServer primary : cluster.primaries()) {
            if (primary != source) {
                target = primary;
            }
        }
        try (RedisClient client = RedisClient.create(source.uri());
             TaggedWorkload load = TaggedWorkload.start(client, "migrating", 8, 16)) {
            load.awaitMoreSuccesses(500, Duration.ofSeconds(30));
            cluster.beginMigration(slot, target);
            while (cluster.migrateKeys(slot, 1) > 0) {
                Thread.sleep(20);
            }
            cluster.finishMigration(slot, target);
            load.awaitMoreSuccesses(2_000, Duration.ofSeconds(30));
            load.stop(Duration.ofSeconds(20));
            load.assertOracle();
        }
    }
}
