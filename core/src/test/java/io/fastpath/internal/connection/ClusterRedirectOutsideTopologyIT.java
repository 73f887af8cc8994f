package io.fastpath.internal.connection;

import static io.fastpath.internal.connection.ClusterRedirectOutsideTopologyProtocolTest.node;
import static io.fastpath.internal.connection.ClusterRedirectOutsideTopologyProtocolTest.shards;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisRedirectException;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A real redis-server with {@code requirepass} stands at the address a cluster node's MOVED names, outside
 * the topology (the node emitting it is scripted: a real cluster names only its own members). The server's
 * own connection count shows whether the client ever dialled it, and so whether the credentials could have
 * reached it.
 */
class ClusterRedirectOutsideTopologyIT {
    private static final String SECRET = "outside-secret-7f3a";

    @Test
    void aRealServerOutsideTheTopologyNamedByAMovedReceivesNoConnectionAndTheCommandFailsNamingIt() throws Exception {
        try (RedisServer outside = RedisServer.builder().password(SECRET).start()) {
            outside.call("SET", "key", "outside-value");
            int[] seed = new int[1];
            try (ScriptedServer a = movedTo(seed, outside)) {
                seed[0] = a.port();
                long before = connectionsReceived(outside);
                try (RedisClient redis = client(a, false)) {
                    assertThatThrownBy(() -> redis.get("key"))
                            .isInstanceOf(RedisRedirectException.class)
                            .hasMessageContaining(outside.host() + ":" + outside.port());
                }
                // Reading the count opens one admin connection; the client opened none.
                assertThat(connectionsReceived(outside) - before).isEqualTo(1);
            }
        }
    }

    @Test
    void withRedirectsOutsideTopologyTheSameMovedIsFollowedAndAuthenticatesThere() throws Exception {
        try (RedisServer outside = RedisServer.builder().password(SECRET).start()) {
            outside.call("SET", "key", "outside-value");
            int[] seed = new int[1];
            try (ScriptedServer a = movedTo(seed, outside)) {
                seed[0] = a.port();
                long before = connectionsReceived(outside);
                try (RedisClient redis = client(a, true)) {
                    assertThat(redis.get("key")).isEqualTo("outside-value"); // needed the password: AUTH went there
                }
                assertThat(connectionsReceived(outside) - before).isGreaterThan(1);
            }
        }
    }

    /** A scripted cluster node owning every slot that answers every GET with a MOVED to {@code outside}. */
    private static ScriptedServer movedTo(int[] seedPort, RedisServer outside) throws Exception {
        return new ScriptedServer(node(() -> shards(new int[] {seedPort[0], 0, 16383}), command -> command.get(0).equals("GET")
                ? "-MOVED 12539 " + outside.host() + ":" + outside.port() + "\r\n" : "-ERR unexpected\r\n"));
    }

    private static RedisClient client(ScriptedServer seed, boolean outsideAllowed) {
        return RedisClient.builder().host("127.0.0.1", seed.port()).credentials(null, SECRET).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(5)).redirectsOutsideTopology(outsideAllowed).build();
    }

    private static long connectionsReceived(RedisServer server) {
        String stats = String.valueOf(server.call("INFO", "stats"));
        for (String line : stats.split("\r?\n")) {
            if (line.startsWith("total_connections_received:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new AssertionError("no total_connections_received in INFO stats: " + stats);
    }
}
