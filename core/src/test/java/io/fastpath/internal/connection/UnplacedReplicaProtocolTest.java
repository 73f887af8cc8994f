package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Valkey 8.0 lists a replica alone in a shard without slots until the answering node has the replica's shard id
 * (ClusterStartIT: a replica paused right after it was attached). The client asks again soon while an answer leaves a
 * replica unplaced, so the replica is connected once a node places it, not at the periodic refresh 30 s later.
 * Scripted nodes: A owns every slot; its first three answers list replica R alone, later ones in A's shard.
 */
class UnplacedReplicaProtocolTest {
    /** Answers that leave R unplaced: start-up's, and as many refreshes after it as the 1 s second look would take. */
    private static final int UNPLACED_ANSWERS = 3;

    private static String node(int port, String role, String health) {
        return "%4\r\n$2\r\nip\r\n$9\r\n127.0.0.1\r\n$4\r\nport\r\n:" + port + "\r\n$4\r\nrole\r\n$" + role.length() + "\r\n"
                + role + "\r\n$6\r\nhealth\r\n$" + health.length() + "\r\n" + health + "\r\n";
    }

    /** CLUSTER SHARDS: A with every slot, and R either in A's shard or alone in one without slots. */
    private static String shards(int primary, int replica, boolean placed) {
        String owning = "%2\r\n$5\r\nslots\r\n*2\r\n:0\r\n:16383\r\n$5\r\nnodes\r\n";
        if (placed) {
            return "*1\r\n" + owning + "*2\r\n" + node(primary, "master", "online") + node(replica, "replica", "online");
        }
        return "*2\r\n" + owning + "*1\r\n" + node(primary, "master", "online")
                + "%2\r\n$5\r\nslots\r\n*0\r\n$5\r\nnodes\r\n*1\r\n" + node(replica, "replica", "loading");
    }

    @Test
    void aReplicaTheFirstAnswersLeaveAloneWithoutSlotsIsConnectedOnceAnAnswerPlacesItWithoutWaitingForThePeriodicRefresh()
            throws Exception {
        int[] ports = new int[2];
        AtomicInteger answers = new AtomicInteger();
        try (ScriptedServer replica = new ScriptedServer(ClusterRedirectOutsideTopologyProtocolTest.node(
                     () -> shards(ports[0], ports[1], true), command -> "-ERR unexpected\r\n"));
             ScriptedServer primary = new ScriptedServer(ClusterRedirectOutsideTopologyProtocolTest.node(
                     () -> shards(ports[0], ports[1], answers.incrementAndGet() > UNPLACED_ANSWERS),
                     command -> "-ERR unexpected\r\n"))) {
            ports[0] = primary.port();
            ports[1] = replica.port();
            Set<String> connected = ConcurrentHashMap.newKeySet();
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", primary.port()).connectionsPerNode(1)
                    .eventListener(event -> {
                        if (event instanceof RedisEvent.Connected up) {
                            connected.add(up.node());
                        }
                    }).build()) {
                // Well within the 30 s periodic refresh, the only other way a replica left out at start-up is connected.
                Eventually.awaitTrue("the client to connect to the replica an answer placed",
                        () -> connected.contains("127.0.0.1:" + ports[1]), Duration.ofSeconds(15));
                assertThat(answers.get()).as("topology answers asked of the primary").isGreaterThan(UNPLACED_ANSWERS);
            }
        }
    }
}
