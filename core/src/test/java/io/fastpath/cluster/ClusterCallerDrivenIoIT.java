package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.Eventually;
import io.fastpath.ObservedCommand;
import io.fastpath.OwnRepliesCheck;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Caller-driven I/O on a cluster ({@code callerDrivenIo(true)}, issue 30 item 2): a blocking caller drives the loop of
 * the node connection its command is routed to (a primary, or a replica the read policy picks), and a command that
 * finishes on another connection (a MOVED or ASK redirect, a failover that moves it to the promoted replica) still
 * reaches the caller that drives the first one. Who wrote a command, and to which node, is seen through a
 * {@link CommandListener}, called on the thread that holds the loop when a command is written. The primary kill
 * comes last: it leaves a node dead.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterCallerDrivenIoIT {
    private static final Duration WITHIN = Duration.ofSeconds(30);

    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(RedisCluster.builder()
            .primaries(3)
            .replicasPerPrimary(1)
            .nodeTimeout(Duration.ofMillis(2000))
            .serverArguments("--cluster-require-full-coverage", "no"));

    /** One write of a command: its query with keys, the thread that wrote it, the port of the node it went to. */
    record Write(String query, Thread thread, int port) {}

    final ConcurrentLinkedQueue<Write> writes = new ConcurrentLinkedQueue<>();
    final CommandListener writers = new CommandListener() {
        @Override
        public void commandWritten(ObservedCommand command) {
            writes.add(new Write(command.queryText(true), Thread.currentThread(), command.serverPort()));
        }
    };

    private RedisClientBuilder driven(RedisCluster cluster) {
        return RedisClient.builder().uri(cluster.primaries().get(0).uri()).callerDrivenIo(true).commandListener(writers);
    }

    /** Whether this thread itself wrote a GET of {@code key} to the node at {@code port}. */
    private boolean wroteItself(String key, int port) {
        for (Write write : writes) {
            if (write.thread == Thread.currentThread() && write.port == port && write.query.equals("GET " + key)) {
                return true;
            }
        }
        return false;
    }

    @Test
    @Order(1)
    void aBlockingCallerDrivesTheConnectionOfItsKeysPrimaryAndGetsItsReply() {
        RedisCluster cluster = redis.cluster();
        try (RedisClient client = driven(cluster).build()) {
            assertThat(client.toString()).contains("caller-driven I/O");
            client.set("{driven}:key", "value");
            int primary = cluster.nodeForSlot(cluster.keySlot("{driven}:key")).port();
            // The first calls may find the background driver holding the loop after the connect, and follow
            Conditions.await("a GET written by this caller itself to the key's primary",
                    () -> "value".equals(client.get("{driven}:key")) && wroteItself("{driven}:key", primary), WITHIN);
        }
    }

    @Test
    @Order(2)
    void aCommandTheCallerDrivesToTheOldOwnerOfAMigratedSlotFollowsMovedAndReturnsItsReply() {
        RedisCluster cluster = redis.cluster();
        try (RedisClient client = driven(cluster).build()) {
            // MOVED comes once per slot (the client then routes it to its new owner): a slot per attempt, until the
            // caller itself wrote the GET that got it (the background driver may hold the loop at the first call)
            boolean drivenThroughMoved = false;
            for (int attempt = 0; attempt < 10 && !drivenThroughMoved; attempt++) {
                String key = "{moved-" + attempt + "}:key";
                client.set(key, "moved-" + attempt);
                client.get(key); // the caller drives this connection once, so the next call finds it free or asks for it
                int slot = cluster.keySlot(key);
                RedisServer source = cluster.nodeForSlot(slot);
                RedisServer target = otherPrimary(cluster, source);
                cluster.migrateSlot(slot, target);
                writes.clear();

                assertThat(client.get(key)).isEqualTo("moved-" + attempt);

                assertThat(target.call("GET", key)).isEqualTo("moved-" + attempt);
                drivenThroughMoved = wroteItself(key, source.port());
            }
            assertThat(drivenThroughMoved).as("a GET written by the caller itself to the slot's old owner").isTrue();
        }
    }

    @Test
    @Order(3)
    void aCommandTheCallerDrivesToASlotBeingMigratedFollowsAskToTheImportingNode() {
        RedisCluster cluster = redis.cluster();
        String key = "{asked}:key";
        int slot = cluster.keySlot(key);
        RedisServer source = cluster.nodeForSlot(slot);
        RedisServer target = otherPrimary(cluster, source);
        try (RedisClient client = driven(cluster).build()) {
            client.set(key, "asked");
            cluster.beginMigration(slot, target);
            cluster.migrateKeys(slot, 10); // the key now lives on the importing node: its old owner answers ASK
            // ASK comes at every call while the slot migrates: until the caller itself wrote one to the old owner
            Conditions.await("a GET written by this caller itself to the migrating node, answered through ASK", () -> {
                writes.clear();
                return "asked".equals(client.get(key)) && wroteItself(key, source.port());
            }, WITHIN);
            cluster.finishMigration(slot, target);
            assertThat(client.get(key)).isEqualTo("asked");
        }
    }

    @Test
    @Order(4)
    void aReadThePolicySendsToAReplicaIsDrivenByTheCallerOnTheReplicasConnection() {
        RedisCluster cluster = redis.cluster();
        String key = "{replica-read}:key";
        RedisServer primary = cluster.nodeForSlot(cluster.keySlot(key));
        Set<Integer> replicas = new HashSet<>();
        for (RedisServer replica : cluster.replicasOf(primary)) {
            replicas.add(replica.port());
        }
        try (RedisClient client = driven(cluster).readPolicy(ReadPolicy.REPLICA_PREFERRED).build()) {
            client.set(key, "replicated");
            Conditions.await("a GET written by this caller itself to a replica", () -> {
                writes.clear();
                if (!"replicated".equals(client.get(key))) {
                    return false; // not replicated yet
                }
                for (Write write : writes) {
                    if (write.thread == Thread.currentThread() && replicas.contains(write.port)) {
                        return true;
                    }
                }
                return false;
            }, WITHIN);
        }
    }

    @Test
    @Order(5)
    void manyBlockingCallersOnOneConnectionPerNodeEachGetTheirOwnReplies() throws Exception {
        RedisCluster cluster = redis.cluster();
        int callers = 8;
        int rounds = 500;
        try (RedisClient client = driven(cluster).connectionsPerNode(1).build()) {
            // sixteen keys a caller, over every primary
            OwnRepliesCheck.start(client, callers, rounds, (caller, round) -> "caller-" + caller + ":" + (round % 16))
                    .assertEachGotItsOwnReplies();
        }
    }

    @Test
    @Order(6)
    void aPrimaryKilledWhileACallerDrivesItsConnectionLetsTheCommandFinishOnThePromotedReplica() throws Exception {
        RedisCluster cluster = redis.cluster();
        RedisServer victim = cluster.nodeForSlot(cluster.keySlot("{victim}"));
        List<String> otherShardKeys = cluster.keysServedElsewhere(victim, "survivor:", 40);
        // No reconnect to the dead node (backoff of minutes) and no periodic refresh can rescue the command: only the
        // refreshes asked for while a primary is down find the promoted replica, where the command is then sent
        ConcurrentLinkedQueue<String> disconnected = new ConcurrentLinkedQueue<>();
        try (RedisClient client = driven(cluster)
                     .connectionsPerNode(1) // one connection to the victim: its Disconnected event says the client saw it go
                     .eventListener(event -> {
                         if (event instanceof RedisEvent.Disconnected lost) {
                             disconnected.add(lost.node());
                         }
                     })
                     .reconnectBackoff(Duration.ofMinutes(2), Duration.ofMinutes(2))
                     .topologyRefreshPeriod(Duration.ofMinutes(10))
                     .commandTimeout(Duration.ofSeconds(20))
                     .build();
             ClusterLoad load = new ClusterLoad(client, 4, caller -> otherShardKeys.subList(caller * 10, caller * 10 + 10))) {
            client.set("{victim}:key", "before");
            int victimPort = victim.port();
            Conditions.await("a GET written by this caller itself to the doomed primary",
                    () -> "before".equals(client.get("{victim}:key")) && wroteItself("{victim}:key", victimPort), WITHIN);
            cluster.killPrimary(victim);
            // Sent before the client saw the connection go, the SET could be written to the dying node (outcome unknown)
            Conditions.await("the client saw its connection to the killed primary go",
                    () -> disconnected.stream().anyMatch(node -> node.endsWith(":" + victimPort)), WITHIN);

            client.set("{victim}:key", "after"); // one attempt: the caller drives the dead node's connection meanwhile

            RedisServer promoted = cluster.awaitPromotion(victim);
            assertThat(client.get("{victim}:key")).isEqualTo("after");
            Eventually.awaitValue(() -> promoted.call("GET", "{victim}:key"), "after", WITHIN);
            load.stop();
            assertThat(load.errors).isEmpty();
            assertThat(load.wrongReplies).isEmpty();
        }
    }

    private static RedisServer otherPrimary(RedisCluster cluster, RedisServer not) {
        for (RedisServer primary : cluster.primaries()) {
            if (primary != not) {
                return primary;
            }
        }
        throw new AssertionError("no other primary");
    }
}
