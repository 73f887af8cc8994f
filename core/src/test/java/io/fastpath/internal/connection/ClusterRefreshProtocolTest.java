package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the client asks a scripted one-node "cluster" for its topology again. */
class ClusterRefreshProtocolTest {

    private static long topologyQueries(ScriptedServer server) {
        return server.received().stream().filter(command -> command.get(0).equals("CLUSTER")).count();
    }

    private static void awaitQueries(ScriptedServer server, long atLeast) throws InterruptedException {
        Eventually.await("at least " + atLeast + " topology queries", () -> topologyQueries(server), count -> count >= atLeast,
                Duration.ofSeconds(10));
    }

    @Test
    void thePeriodicSafetyNetRefreshesWithoutAnyTrigger() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(ClusterRedirectProtocolTest.clusterNode(port, command -> "+OK\r\n"))) {
            port[0] = server.port();
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1)
                    .topologyRefreshPeriod(Duration.ofMillis(300)).build()) {
                long atStart = topologyQueries(server);
                awaitQueries(server, atStart + 3);
            }
        }
    }

    @Test
    void aLostConnectionTriggersARefresh() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(ClusterRedirectProtocolTest.clusterNode(port, command -> "+OK\r\n"))) {
            port[0] = server.port();
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).connectionsPerNode(1).build()) {
                // The one extra refresh a second after start-up runs first; the periodic one is 30 s away.
                awaitQueries(server, topologyQueries(server) + 1);
                long before = topologyQueries(server);
                server.dropConnections();
                awaitQueries(server, before + 1);
                assertThat(redis.execute(redis.commands().command("SET", "k", "v")).toString()).contains("OK");
            }
        }
    }
}
