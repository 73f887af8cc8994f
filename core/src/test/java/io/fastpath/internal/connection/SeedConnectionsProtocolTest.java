package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
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
                assertThat(hellos(List.copyOf(server.received()))).isEqualTo(4);
                assertThat(server.connectionsAccepted()).isEqualTo(4);
                assertThat(redis.get("key")).isEqualTo("value");
            }
        }
    }
}
