package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Nodes that announce a hostname and prefer it as their endpoint are dialled, and redirected to, by that name. */
class ClusterHostnamesIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder().primaries(3).replicasPerPrimary(0)
            .announceHostname("localhost"));

    @Test
    void everyNodeIsDialledByItsAnnouncedHostnameAndMovedFollowsTheName() throws Exception {
        RedisCluster cluster = redis.cluster();
        List<RedisEvent> events = new CopyOnWriteArrayList<>();
        TopologyRefreshes refreshes = new TopologyRefreshes();
        try (RedisClient client = RedisClient.builder().uri("redis://127.0.0.1:" + cluster.primaries().get(0).port())
                .connectionsPerNode(1).eventListener(events::add).commandListener(refreshes).build()) {
            for (int i = 0; i < 300; i++) {
                client.set("hostname-key:" + i, "value-" + i);
            }
            for (int i = 0; i < 300; i++) {
                String key = "hostname-key:" + i;
                assertThat(cluster.nodeForSlot(KeySlots.slot(key)).call("GET", key)).isEqualTo("value-" + i);
            }

            String moved = "hostname-moved-key";
            int slot = KeySlots.slot(moved);
            RedisServer target = cluster.primaries().stream().filter(node -> node != cluster.nodeForSlot(slot))
                    .findFirst().orElseThrow();
            refreshes.awaitStartUpSecondLook(); // the move below is then seen through its MOVED
            cluster.migrateSlot(slot, target);
            client.set(moved, "after-move");
            assertThat(target.call("GET", moved)).isEqualTo("after-move");

            // The seed was given as 127.0.0.1; every node the topology names is dialled as localhost.
            Set<String> byName = cluster.primaries().stream().map(node -> "localhost:" + node.port()).collect(Collectors.toSet());
            assertThat(events).filteredOn(e -> e instanceof RedisEvent.Connected)
                    .extracting(e -> ((RedisEvent.Connected) e).node()).filteredOn(byName::contains).hasSize(3);
            // Events reach the listener off the I/O threads, after the command that caused them may have returned.
            io.fastpath.Eventually.awaitTrue("the MOVED's Redirected event",
                    () -> events.stream().anyMatch(e -> e instanceof RedisEvent.Redirected), java.time.Duration.ofSeconds(10));
            assertThat(events).filteredOn(e -> e instanceof RedisEvent.Redirected)
                    .extracting(e -> ((RedisEvent.Redirected) e).target()).containsOnly("localhost:" + target.port());
        }
    }
}
