package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.ClientCoreAccess;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.internal.client.ConnectionsPerNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How many connections a seed gets before the client knows what it talks to, against scripted servers. */
class SeedConnectionsProtocolTest {

    private static long hellos(List<List<String>> commands) {
        return commands.stream().filter(command -> command.get(0).equals("HELLO")).count();
    }

    @Test
    void aClusterSeedHandshakesOnOneConnectionBeforeTheTopologyIsAskedFor() throws Exception {
        int[] port = new int[1];
        try (ScriptedServer server = new ScriptedServer(ClusterRedirectProtocolTest.clusterNode(port, command -> "+OK\r\n"))) {
            port[0] = server.port();
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).build()) {
                List<List<String>> received = List.copyOf(server.received());
                int firstTopologyQuery = received.indexOf(List.of("CLUSTER", "SHARDS"));

                assertThat(firstTopologyQuery).isPositive();
                assertThat(hellos(received.subList(0, firstTopologyQuery))).isEqualTo(1);
                assertThat(redis.execute(redis.commands().command("SET", "k", "v")).toString()).contains("OK");
            }
        }
    }

    @Test
    void aStandaloneServerHasAllItsConnectionsHandshakenWhenBuildReturns() throws Exception {
        try (ScriptedServer server = new ScriptedServer(command -> switch (command.get(0)) {
            case "HELLO" -> "%1\r\n$4\r\nmode\r\n$10\r\nstandalone\r\n";
            case "GET" -> "$5\r\nvalue\r\n";
            default -> "+OK\r\n";
        })) {
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", server.port()).build()) {
                // The default count: 4, or 8 when a suite runs with -Dfastpath.callerDrivenIo=true
                int connections = ClientCoreAccess.of(redis).node().size();
                assertThat(connections).isEqualTo(ConnectionsPerNode.server(ConnectionsPerNode.AUTOMATIC,
                        Boolean.getBoolean(RedisClientBuilder.CALLER_DRIVEN_IO_PROPERTY)));
                assertThat(hellos(List.copyOf(server.received()))).isEqualTo(connections);
                assertThat(server.connectionsAccepted()).isEqualTo(connections);
                assertThat(redis.get("key")).isEqualTo("value");
            }
        }
    }
}
