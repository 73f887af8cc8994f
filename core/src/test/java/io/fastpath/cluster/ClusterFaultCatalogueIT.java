package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.TaggedWorkload;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cluster cases of the reliability catalogue under the universal oracle of {@link TaggedWorkload}
 * (no wrong reply, every future completed once, only delivery exceptions): forced and takeover
 * failovers (case 16) and slot migration (case 17) while 8 callers keep 16 commands each in flight.
 * ClusterTopologyChangesIT covers the graceful failover, kill -9 of a primary and same-slot multi-key
 * commands during a migration. The kill runs last: it leaves a node dead.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFaultCatalogueIT {
    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(
            RedisCluster.builder().primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofMillis(2000)));

    @Test
    @Order(1)
    void aForcedFailoverDuringLoadDeliversNoWrongReplyAndTheShardServesAgain() throws Exception {
        failOverUnderLoad("forced", (cluster, replica) -> cluster.failoverForce(replica));
    }

    @Test
    @Order(2)
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
        awaitEveryNodeSeesAsReplica(cluster, replica);
        try (RedisClient client = RedisClient.create(primary.uri());
             TaggedWorkload load = TaggedWorkload.start(client, prefix, 8, 16)) {
            load.awaitMoreSuccesses(500, Duration.ofSeconds(30));
            failover.run(cluster, replica);
            load.awaitMoreSuccesses(2_000, Duration.ofSeconds(30));
            load.stop(Duration.ofSeconds(20));
            load.assertOracle();
        }
    }

    /**
     * Right after a cluster starts, gossip may still show a replica as a primary to some nodes, and they
     * then deny its FORCE/TAKEOVER vote request ("it is a master node"); wait until every node agrees.
     */
    private static void awaitEveryNodeSeesAsReplica(RedisCluster cluster, RedisServer replica) throws InterruptedException {
        String id = cluster.nodeId(replica);
        Eventually.awaitTrue("every node lists " + replica + " as a replica",
                () -> cluster.nodes().stream().allMatch(node -> seesAsReplica(node, id)), Duration.ofSeconds(30));
    }

    private static boolean seesAsReplica(RedisServer node, String id) {
        for (String line : ((String) node.call("CLUSTER", "NODES")).split("\n")) {
            if (line.startsWith(id + " ")) {
                return line.split(" ")[2].contains("slave");
            }
        }
        return false;
    }

    @Test
    @Order(3)
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
                Thread.sleep(20); // Not synchronization: paces the migration, one key a step, so the load runs between steps
            }
            cluster.finishMigration(slot, target);
            load.awaitMoreSuccesses(2_000, Duration.ofSeconds(30));
            load.stop(Duration.ofSeconds(20));
            load.assertOracle();
        }
    }

    /**
     * Case 16, kill -9 and restart: commands queued for the dead primary go to the promoted replica once
     * the topology says so, instead of waiting out their deadline for the old node, which comes back as a
     * replica the client does not reconnect to for minutes (the reconnect backoff here).
     */
    @Test
    @Order(4)
    void commandsQueuedForAKilledAndRestartedPrimaryGoToThePromotedReplica() throws Exception {
        RedisCluster cluster = redis.cluster();
        RedisServer victim = cluster.nodeForSlot(cluster.keySlot("{victim}"));
        String victimNode = "127.0.0.1:" + victim.port();
        AtomicInteger victimConnectionsLost = new AtomicInteger();
        try (RedisClient client = RedisClient.builder().uri(cluster.primaries().get(0).uri()).clientName("queued-for-victim")
                .reconnectBackoff(Duration.ofMinutes(2), Duration.ofMinutes(2))
                .commandTimeout(Duration.ofSeconds(30)).eventListener(event -> {
                    if (event instanceof RedisEvent.Disconnected lost && lost.node().equals(victimNode)) {
                        victimConnectionsLost.incrementAndGet();
                    }
                }).build()) {
            client.set("{victim}:read", "kept");
            victim.call("WAIT", "1", "5000"); // the replica has it before the kill
            long victimConnections = ((String) victim.call("CLIENT", "LIST", "TYPE", "normal")).lines()
                    .filter(line -> line.contains(" name=queued-for-victim ")).count();
            assertThat(victimConnections).as("the client's connections to the victim").isPositive();
            cluster.killPrimary(victim);
            // The client has seen its connections close: what follows is queued, not written.
            Eventually.awaitTrue("the client sees its " + victimConnections + " connections to the victim close",
                    () -> victimConnectionsLost.get() >= victimConnections, Duration.ofSeconds(10));
            List<CompletableFuture<?>> queued = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                queued.add(client.async().set("{victim}:" + i, "v" + i));
                queued.add(client.async().get("{victim}:read"));
            }
            cluster.awaitPromotion(victim);
            victim.restart(); // it rejoins as a replica: known and healthy again, but without slots
            cluster.awaitStable();
            for (int i = 0; i < queued.size(); i++) {
                Object reply = queued.get(i).get(60, TimeUnit.SECONDS);
                assertThat(reply).isEqualTo(i % 2 == 0 ? Boolean.TRUE : "kept");
            }
            RedisServer promoted = cluster.nodeForSlot(cluster.keySlot("{victim}"));
            assertThat(promoted).isNotEqualTo(victim);
            assertThat(promoted.call("GET", "{victim}:19")).isEqualTo("v19");
        }
    }
}
