package io.fastpath.internal.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.RedisClient;
import io.fastpath.Subscription;
import io.fastpath.internal.connection.ScriptedServer;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A shard channel whose node drops it ({@code sunsubscribe}: the node was demoted by a failover), against two scripted
 * cluster nodes: the client must keep asking for the topology until it learns the slot's new owner, even when the
 * refresh the drop triggered brought nothing, and then move the channel there.
 */
class ShardChannelDropProtocolTest {
    private static final String CHANNEL = "{failing-over}:events";
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** One shard owning every slot: {@code original} its primary until the failover, then {@code promoted}'s replica. */
    private static final class Shard {
        volatile int original;
        volatile int promoted;
        volatile boolean failedOver;
        /** While set, every CLUSTER SHARDS is answered with an error (a node too busy to answer in time, say). */
        volatile boolean refusingTopology;

        Function<List<String>, String> node() {
            return command -> switch (command.get(0)) {
                case "HELLO" -> "%1\r\n$4\r\nmode\r\n$7\r\ncluster\r\n";
                case "CLUSTER" -> refusingTopology ? "-LOADING the node is busy\r\n" : topology();
                case "SSUBSCRIBE", "SUNSUBSCRIBE" -> confirmations(command);
                case "PING" -> "+PONG\r\n";
                default -> "+OK\r\n"; // CLIENT SETINFO, READONLY
            };
        }

        private String topology() {
            String nodes = failedOver ? "*2\r\n" + node(promoted, "master") + node(original, "replica")
                    : "*1\r\n" + node(original, "master");
            return "*1\r\n%2\r\n$5\r\nslots\r\n*2\r\n:0\r\n:16383\r\n$5\r\nnodes\r\n" + nodes;
        }

        private static String node(int port, String role) {
            return "%4\r\n$2\r\nip\r\n$9\r\n127.0.0.1\r\n$4\r\nport\r\n:" + port + "\r\n$4\r\nrole\r\n$" + role.length()
                    + "\r\n" + role + "\r\n$6\r\nhealth\r\n$6\r\nonline\r\n";
        }
    }

    private static String confirmations(List<String> command) {
        String kind = command.get(0).toLowerCase();
        StringBuilder pushes = new StringBuilder();
        for (int i = 1; i < command.size(); i++) {
            pushes.append(push(kind, command.get(i))).append(':').append(kind.equals("ssubscribe") ? 1 : 0).append("\r\n");
        }
        return pushes.toString();
    }

    /** The first two elements of a three-element push; the caller appends the third. */
    private static String push(String kind, String channel) {
        return ">3\r\n$" + kind.length() + "\r\n" + kind + "\r\n$" + channel.length() + "\r\n" + channel + "\r\n";
    }

    private static long count(ScriptedServer server, String... words) {
        return server.received().stream().filter(command -> command.equals(List.of(words))).count();
    }

    private static long topologyQueries(ScriptedServer server) {
        return server.received().stream().filter(command -> command.get(0).equals("CLUSTER")).count();
    }

    @Test
    void aShardChannelDroppedByItsNodeMovesToTheNewOwnerEvenWhenTheRefreshItTriggeredBroughtNothing() throws Exception {
        Shard shard = new Shard();
        try (ScriptedServer original = new ScriptedServer(shard.node()); ScriptedServer promoted = new ScriptedServer(shard.node())) {
            shard.original = original.port();
            shard.promoted = promoted.port();
            try (RedisClient redis = RedisClient.builder().host("127.0.0.1", original.port()).connectionsPerNode(1)
                    .topologyRefreshPeriod(Duration.ofMinutes(10)).build();
                 Subscription ignored = redis.ssubscribe(message -> { }, CHANNEL)) {
                // Start-up's query, then the one extra refresh a second later; the periodic one is 10 minutes away.
                Eventually.awaitTrue("the refresh a second after start-up", () -> topologyQueries(original) >= 2, WAIT);

                shard.refusingTopology = true;
                shard.failedOver = true;
                long refusedBefore = topologyQueries(original);
                original.sendToSubscribers(push("sunsubscribe", CHANNEL) + ":0\r\n");
                Eventually.awaitTrue("the refresh the drop triggered was refused",
                        () -> topologyQueries(original) > refusedBefore, WAIT);
                shard.refusingTopology = false;

                Eventually.awaitTrue("the shard channel is subscribed on the promoted node",
                        () -> count(promoted, "SSUBSCRIBE", CHANNEL) == 1, WAIT);
                Eventually.awaitTrue("the shard channel is unsubscribed on the demoted node",
                        () -> count(original, "SUNSUBSCRIBE", CHANNEL) == 1, WAIT);
            }
        }
    }
}
