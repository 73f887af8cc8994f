package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A primary killed with SIGKILL in a cluster that keeps serving its other shards meanwhile
 * ({@code cluster-require-full-coverage no}), so no CLUSTERDOWN reply from a healthy shard prompts a refresh:
 * only the client's own follow-up refreshes while a primary is down can find the promoted replica.
 */
class ClusterPrimaryKillIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder()
            .primaries(3)
            .replicasPerPrimary(1)
            .nodeTimeout(Duration.ofMillis(2000))
            .serverArguments("--cluster-require-full-coverage", "no"));

    @Test
    void killingAPrimaryLeavesOtherShardsServingAndItsShardRecoversSoonAfterPromotion() throws Exception {
        RedisCluster cluster = redis.cluster();
        RedisServer victim = cluster.nodeForSlot(cluster.keySlot("{victim}"));
        List<String> otherShardKeys = cluster.keysServedElsewhere(victim, "survivor:", 40);
        // Neither a reconnect to the dead node (backoff of minutes) nor the periodic refresh (10 min) can
        // rescue the shard within the command's deadline here.
        try (RedisClient client = RedisClient.builder()
                     .uri(cluster.primaries().get(0).uri())
                     .reconnectBackoff(Duration.ofMinutes(2), Duration.ofMinutes(2))
                     .topologyRefreshPeriod(Duration.ofMinutes(10))
                     .commandTimeout(Duration.ofSeconds(20))
                     .build();
             ClusterLoad load = new ClusterLoad(client, 4, caller -> otherShardKeys.subList(caller * 10, caller * 10 + 10))) {
            client.set("{victim}:key", "before");
            cluster.killPrimary(victim);
            cluster.awaitPromotion(victim);

            client.set("{victim}:key", "after"); // one attempt: it waits for the shard within its 20 s deadline

            assertThat(client.get("{victim}:key")).isEqualTo("after");
            load.stop();
            assertThat(load.errors).isEmpty();
            assertThat(load.wrongReplies).isEmpty();
        }
    }
}
