package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.client.DedicatedConnections.Purpose;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** What the client keeps per cluster node follows the topology, and a refresh that fails is not silent. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterNodeLifecycleIT {
    RedisCluster cluster;

    @BeforeAll
    void start() {
        cluster = RedisCluster.start(3, 0);
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(cluster);
    }

    @Test
    void theBlockingAndWatchPoolsOfANodeThatLeftTheTopologyAreClosed() {
        String key = "{lifecycle}list";
        int slot = cluster.keySlot(key);
        RedisServer owner = cluster.nodeForSlot(slot);
        RedisServer leaving = cluster.addPrimary();
        cluster.migrateSlot(slot, leaving);
        try (RedisClient redis = RedisClient.builder().uri(owner.uri()).build()) {
            Endpoint leavingEndpoint = new Endpoint(RedisServer.HOST, leaving.port());
            assertThat(redis.blpop(Duration.ofMillis(50), key)).isNull(); // opens the blocking pool on the slot's owner
            assertThat(redis.watch(java.util.List.of(key), tx -> "read").committed()).isTrue(); // and a WATCH pool
            assertThat(redis.core().dedicated().openCount(Purpose.BLOCKING, leavingEndpoint)).isEqualTo(1);
            assertThat(redis.core().dedicated().openCount(Purpose.WATCH, leavingEndpoint)).isEqualTo(1);

            for (RedisServer node : cluster.nodes()) { // a primary left without slots would otherwise turn replica (7.0+)
                node.call("CONFIG", "SET", "cluster-allow-replica-migration", "no");
            }
            cluster.migrateSlot(slot, owner);
            for (RedisServer node : cluster.nodes()) {
                if (node != leaving) {
                    node.call("CLUSTER", "FORGET", cluster.nodeId(leaving));
                }
            }
            leaving.stop();
            redis.core().cluster().requestTopologyRefresh();

            Eventually.awaitValue(() -> redis.core().dedicated().openCount(Purpose.BLOCKING, leavingEndpoint)
                    + redis.core().dedicated().openCount(Purpose.WATCH, leavingEndpoint), 0, Duration.ofSeconds(15));
            assertThat(redis.blpop(Duration.ofMillis(50), key)).isNull(); // served by the slot's owner again
        }
    }

    @Test
    void aTopologyRefreshThatFailsWhileBeingAppliedIsLoggedAndRoutingCarriesOn() {
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).build();
             LogCapture log = LogCapture.of("io.fastpath.internal.cluster.TopologyRefresher")) {
            redis.core().cluster().topologyListener(() -> {
                throw new IllegalStateException("applying failed");
            });
            redis.core().cluster().requestTopologyRefresh();

            Eventually.awaitValue(() -> log.containing("could not be applied").size() >= 1, true, Duration.ofSeconds(10));
            var record = log.containing("could not be applied").get(0);
            assertThat(record.getLevel()).isEqualTo(Level.WARNING);
            assertThat(record.getThrown()).hasMessage("applying failed");
            redis.set("after-a-failed-refresh", "v");
            assertThat(redis.get("after-a-failed-refresh")).isEqualTo("v");
        }
    }
}
