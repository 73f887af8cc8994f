package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** When the client asks a scripted one-node "cluster" for its topology again. */
class ClusterRefreshProtocolTest {

    private static long topologyQueries(ScriptedServer server) {
        return server.received().stream().filter(command -> command.get(0).equals("CLUSTER")).count();
    }

    private static void awaitQueries(ScriptedServer server, long atLeast) throws InterruptedException {
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (topologyQueries(server) < atLeast && System.nanoTime() < giveUp) {
            Thread.sleep(10);
        }
        assertThat(topologyQueries(server)).isGreaterThanOrEqualTo(atLeast);
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
                Thread.sleep(1500); // past the one extra refresh after start-up; the periodic one is 30 s away
                long before = topologyQueries(server);
                server.dropConnections();
                awaitQueries(server, before + 1);
                assertThat(redis.execute(redis.commands().command("SET", "k", "v")).toString()).contains("OK");
            }
        }
    }
}
