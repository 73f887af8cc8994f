package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A cluster of 16 primaries with a replica each, over three availability zones: the client learns every
 * primary and replica, every slot answers SET and GET, and each node carries its zone (reported by the
 * server itself on Valkey 8.0 and later, recorded by the kit on Redis, which has no such setting).
 */
class LargeClusterIT {
    private static final int PRIMARIES = 16;
    private static final List<String> ZONES = List.of("zone-a", "zone-b", "zone-c");

    private static RedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        long startedAt = System.nanoTime();
        cluster = RedisCluster.builder().primaries(PRIMARIES).replicasPerPrimary(1).zones(ZONES.toArray(new String[0]))
                .stableTimeout(Duration.ofSeconds(60)).start();
        System.out.println("[large cluster] " + PRIMARIES + "+" + PRIMARIES + " nodes stable after "
                + Duration.ofNanos(System.nanoTime() - startedAt).toMillis() + " ms on " + cluster.nodes().get(0).binary());
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theClientLearnsEveryPrimaryAndReplicaOfA16Plus16Cluster() {
        List<RedisEvent> events = new CopyOnWriteArrayList<>();
        Set<String> expected = new HashSet<>();
        for (RedisServer node : cluster.nodes()) {
            expected.add(RedisServer.HOST + ":" + node.port());
        }
        assertThat(cluster.primaries()).hasSize(PRIMARIES);
        // Reads on replicas make the client connect to every node, replicas included.
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).readPolicy(ReadPolicy.ANY)
                .eventListener(events::add).build()) {
            redis.get("large:warm-up"); // the first command loads the topology
            Set<String> known = Eventually.await("the client to know every node", () -> nodesKnown(events),
                    nodes -> nodes.equals(expected), Duration.ofSeconds(30));
            assertThat(known).hasSize(2 * PRIMARIES);
        }
    }

    @Test
    void everySlotOfA16Plus16ClusterAnswersSetAndGet() throws Exception {
        List<String> keys = oneKeyPerSlot();
        try (RedisClient redis = RedisClient.create(cluster.primaries().get(0).uri())) {
            // Every SET, then every GET, in flight at once: what is checked is where each goes, not one caller's waits
            List<CompletableFuture<Boolean>> writes = new ArrayList<>();
            for (String key : keys) {
                writes.add(redis.async().set(key, "value-of-" + key));
            }
            CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
            List<CompletableFuture<String>> reads = new ArrayList<>();
            for (String key : keys) {
                reads.add(redis.async().get(key));
            }
            CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
            for (int slot = 0; slot < keys.size(); slot++) {
                assertThat(reads.get(slot).join()).as("GET of slot %d", slot).isEqualTo("value-of-" + keys.get(slot));
            }
        }
        // Each key is where the cluster says its slot lives.
        for (int slot : List.of(0, KeySlots.SLOT_COUNT / 2, KeySlots.SLOT_COUNT - 1)) {
            String key = keys.get(slot);
            assertThat(cluster.nodeForSlot(slot).call("GET", key)).isEqualTo("value-of-" + key);
        }
    }

    @Test
    void everyNodeCarriesItsZoneAndAReplicaNeverSharesItsPrimarysZone() {
        for (RedisServer node : cluster.nodes()) {
            String zone = cluster.zoneOf(node);
            assertThat(zone).isIn(ZONES);
            String info = (String) node.call("INFO", "server");
            if (cluster.zonesReportedByServers()) {
                assertThat(info).contains("availability_zone:" + zone + "\r\n");
            } else {
                assertThat(info).doesNotContain("availability_zone:" + zone); // Redis: the kit's record only
            }
        }
        for (RedisServer primary : cluster.primaries()) {
            for (RedisServer replica : cluster.replicasOf(primary)) {
                assertThat(cluster.zoneOf(replica)).isNotEqualTo(cluster.zoneOf(primary));
            }
        }
    }

    @Test
    void withoutAConnectionCountEachNodeOfA16Plus16ClusterGetsOneConnectionAndAGivenCountApplies() {
        RedisServer primary = cluster.primaries().get(1); // not the seed, whose start-up connections close
        RedisServer replica = cluster.replicasOf(primary).get(0);
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).clientName("budget-default")
                .build()) {
            redis.get("large:warm-up");
            awaitConnectionsNamed(primary, "budget-default", 1);
            awaitConnectionsNamed(replica, "budget-default", 1); // replicas connect too, in the background
        }
        try (RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).clientName("budget-given")
                .connectionsPerNode(4).build()) {
            redis.get("large:warm-up");
            awaitConnectionsNamed(primary, "budget-given", 4);
            awaitConnectionsNamed(replica, "budget-given", 4);
        }
    }

    private static void awaitConnectionsNamed(RedisServer node, String name, long expected) {
        Eventually.await(name + "'s connections to " + node.port(), () -> ((String) node.call("CLIENT", "LIST", "TYPE", "normal"))
                .lines().filter(line -> line.contains(" name=" + name + " ")).count(), count -> count == expected,
                Duration.ofSeconds(30));
    }

    /** Nodes added and not removed over every topology change the client published. */
    private static Set<String> nodesKnown(List<RedisEvent> events) {
        Set<String> known = new HashSet<>();
        for (RedisEvent event : events) {
            if (event instanceof RedisEvent.TopologyChanged change) {
                known.addAll(change.nodesAdded());
                change.nodesRemoved().forEach(known::remove);
            }
        }
        return known;
    }

    /** A key for every slot, at index slot. */
    private static List<String> oneKeyPerSlot() {
        String[] keys = new String[KeySlots.SLOT_COUNT];
        int found = 0;
        for (int index = 0; found < keys.length; index++) {
            String key = "large:" + index;
            int slot = KeySlots.slot(key);
            if (keys[slot] == null) {
                keys[slot] = key;
                found++;
            }
        }
        return List.of(keys);
    }
}
