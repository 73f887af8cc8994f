package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisRedirectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A MOVED or ASK naming a node outside the cluster topology is followed only once a refreshed topology
 * lists it; no connection (so no credentials) ever reaches an unlisted address unless the user allows it
 * with {@code redirectsOutsideTopology(true)}. Scripted nodes: A owns the slots; the redirects name B.
 */
class ClusterRedirectOutsideTopologyProtocolTest {
    private static final String SECRET = "s3cret-never-outside";

    /** CLUSTER SHARDS with one shard per {@code {port, slot ranges...}}: each node a primary on 127.0.0.1. */
    static String shards(int[]... shards) {
        StringBuilder reply = new StringBuilder("*" + shards.length + "\r\n");
        for (int[] shard : shards) {
            int ranges = (shard.length - 1) / 2;
            reply.append("%2\r\n$5\r\nslots\r\n*").append(ranges * 2).append("\r\n");
            for (int i = 1; i < shard.length; i++) {
                reply.append(':').append(shard[i]).append("\r\n");
            }
            reply.append("$5\r\nnodes\r\n*1\r\n%4\r\n$2\r\nip\r\n$9\r\n127.0.0.1\r\n$4\r\nport\r\n:").append(shard[0])
                    .append("\r\n$4\r\nrole\r\n$6\r\nmaster\r\n$6\r\nhealth\r\n$6\r\nonline\r\n");
        }
        return reply.toString();
    }

    /** A scripted cluster node: handshake and {@code topology} here, {@code rest} for everything else. */
    static Function<List<String>, String> node(java.util.function.Supplier<String> topology, Function<List<String>, String> rest) {
        return command -> switch (command.get(0)) {
            case "HELLO" -> "%1\r\n$4\r\nmode\r\n$7\r\ncluster\r\n";
            case "AUTH", "CLIENT", "SELECT", "READONLY", "ASKING" -> "+OK\r\n";
            case "CLUSTER" -> topology.get();
            default -> rest.apply(command);
        };
    }

    private static RedisClient connect(ScriptedServer seed, boolean outsideAllowed) {
        return RedisClient.builder().host("127.0.0.1", seed.port()).credentials("app", SECRET).connectionsPerNode(1)
                .commandTimeout(Duration.ofSeconds(5)).redirectsOutsideTopology(outsideAllowed).build();
    }

    private static long topologyQueries(ScriptedServer server) {
        return server.received().stream().filter(command -> command.get(0).equals("CLUSTER")).count();
    }

    @Test
    void aMovedToAnAddressOutsideTheTopologyFailsNamingItAfterARefreshAndNoConnectionEverReachesIt() throws Exception {
        int[] ports = new int[2];
        try (ScriptedServer outside = new ScriptedServer(node(() -> shards(new int[] {ports[1], 0, 16383}), command -> "$7\r\nhijack!\r\n"));
             ScriptedServer a = new ScriptedServer(node(() -> shards(new int[] {ports[0], 0, 16383}),
                     command -> command.get(0).equals("GET") ? "-MOVED 866 127.0.0.1:" + ports[1] + "\r\n" : "-ERR unexpected\r\n"))) {
            ports[0] = a.port();
            ports[1] = outside.port();
            try (RedisClient redis = connect(a, false)) {
                long queriesBefore = topologyQueries(a);
                assertThatThrownBy(() -> redis.get("key"))
                        .isInstanceOf(RedisRedirectException.class)
                        .hasMessageContaining("127.0.0.1:" + ports[1])
                        .hasMessageContaining("not in the cluster topology")
                        .hasMessageContaining("refreshed topology does not list it");
                assertThat(topologyQueries(a)).as("the redirect refreshed the topology first").isGreaterThan(queriesBefore);
            }
            assertThat(outside.connectionsAccepted()).as("connections that reached the address outside the topology").isZero();
            assertThat(outside.received()).isEmpty();
        }
    }

    @Test
    void anAskToAnAddressOutsideTheTopologyIsNotFollowedEither() throws Exception {
        int[] ports = new int[2];
        try (ScriptedServer outside = new ScriptedServer(node(() -> shards(new int[] {ports[1], 0, 16383}), command -> "$7\r\nhijack!\r\n"));
             ScriptedServer a = new ScriptedServer(node(() -> shards(new int[] {ports[0], 0, 16383}),
                     command -> command.get(0).equals("GET") ? "-ASK 866 127.0.0.1:" + ports[1] + "\r\n" : "-ERR unexpected\r\n"))) {
            ports[0] = a.port();
            ports[1] = outside.port();
            try (RedisClient redis = connect(a, false)) {
                assertThatThrownBy(() -> redis.get("key"))
                        .isInstanceOf(RedisRedirectException.class).hasMessageContaining("127.0.0.1:" + ports[1]);
            }
            assertThat(outside.connectionsAccepted()).isZero();
        }
    }

    @Test
    void aMovedToANodeTheRefreshedTopologyListsIsFollowedThere() throws Exception {
        int[] ports = new int[2];
        AtomicBoolean bJoined = new AtomicBoolean();
        java.util.function.Supplier<String> topology = () -> bJoined.get()
                ? shards(new int[] {ports[0], 0, 865, 867, 16383}, new int[] {ports[1], 866, 866})
                : shards(new int[] {ports[0], 0, 16383});
        try (ScriptedServer b = new ScriptedServer(node(topology, command -> command.get(0).equals("GET") ? "$6\r\nfrom-b\r\n" : "-ERR unexpected\r\n"));
             ScriptedServer a = new ScriptedServer(node(topology, command -> {
                 if (!command.get(0).equals("GET")) {
                     return "-ERR unexpected\r\n";
                 }
                 bJoined.set(true); // slot 866 just moved to B, which the client's topology does not list yet
                 return "-MOVED 866 127.0.0.1:" + ports[1] + "\r\n";
             }))) {
            ports[0] = a.port();
            ports[1] = b.port();
            try (RedisClient redis = connect(a, false)) {
                assertThat(redis.get("key")).isEqualTo("from-b");
            }
            assertThat(b.received()).extracting(command -> command.get(0)).contains("HELLO", "GET");
        }
    }

    @Test
    void withRedirectsOutsideTopologyOnAMovedToAnUnlistedNodeIsFollowedAtOnce() throws Exception {
        int[] ports = new int[2];
        try (ScriptedServer behindNat = new ScriptedServer(node(() -> shards(new int[] {ports[0], 0, 16383}),
                command -> command.get(0).equals("GET") ? "$8\r\nfrom-nat\r\n" : "-ERR unexpected\r\n"));
             ScriptedServer a = new ScriptedServer(node(() -> shards(new int[] {ports[0], 0, 16383}),
                     command -> command.get(0).equals("GET") ? "-MOVED 866 127.0.0.1:" + ports[1] + "\r\n" : "-ERR unexpected\r\n"))) {
            ports[0] = a.port();
            ports[1] = behindNat.port();
            try (RedisClient redis = connect(a, true)) {
                assertThat(redis.get("key")).isEqualTo("from-nat");
            }
            assertThat(behindNat.connectionsAccepted()).isPositive();
            assertThat(behindNat.received()).extracting(command -> command.get(0)).contains("GET");
        }
    }
}
