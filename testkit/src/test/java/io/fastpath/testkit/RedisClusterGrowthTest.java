package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RedisClusterGrowthTest {

    @Test
    void addedPrimaryIsSeenByEveryNodeAndAddedReplicaFollowsIt() {
        List<Long> pids;
        try (RedisCluster cluster = RedisCluster.builder().primaries(3).nodeTimeout(Duration.ofMillis(1000)).start()) {
            RedisServer added = cluster.addPrimary();
            String addedId = cluster.nodeId(added);
            for (RedisServer node : cluster.nodes()) {
                assertThat((String) node.call("CLUSTER", "NODES")).contains(addedId);
            }
            assertThat(cluster.primaries()).hasSize(4).contains(added);

            int slot = cluster.keySlot("{for-the-new-primary}");
            added.call("PING");
            cluster.nodeForSlot(slot).call("SET", "{for-the-new-primary}", "moved");
            cluster.migrateSlot(slot, added);
            assertThat(cluster.nodeForSlot(slot)).isSameAs(added);
            assertThat(added.call("GET", "{for-the-new-primary}")).isEqualTo("moved");

            RedisServer replica = cluster.addReplica(added);
            assertThat(cluster.replicasOf(added)).containsExactly(replica);
            assertThat(cluster.nodes()).hasSize(5);
            pids = cluster.nodes().stream().map(RedisServer::pid).collect(Collectors.toList());
        }
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isIn(Optional.empty(), Optional.of(false));
        }
    }

    @Test
    void clusterSizeOutsideThreeToSixtyFourPrimariesIsRejectedBeforeStartingAnything() {
        assertThatThrownBy(() -> RedisCluster.builder().primaries(2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RedisCluster.builder().primaries(RedisCluster.MAXIMUM_PRIMARIES + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RedisCluster.builder().primaries(RedisCluster.MAXIMUM_PRIMARIES)).isNotNull();
    }
}
