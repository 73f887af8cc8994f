package io.fastpath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** On a real cluster: each command is timed under the node that owns its key, and a node that leaves takes its meters. */
class MicrometerClusterIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private static String node(RedisServer server) {
        return "127.0.0.1:" + server.port();
    }

    @Test
    void eachCommandIsTimedUnderTheNodeOwningItsKey() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (RedisClient redis = RedisClient.builder().uri(CLUSTER.cluster().primaries().get(0).uri())
                .commandListener(MicrometerCommandListener.create(registry)).build()) {
            for (int i = 0; i < 300; i++) {
                redis.set("tagged:" + i, "v");
            }
            for (RedisServer primary : CLUSTER.cluster().primaries()) {
                long owned = 0;
                for (int i = 0; i < 300; i++) {
                    if (CLUSTER.cluster().nodeForSlot(CLUSTER.cluster().keySlot("tagged:" + i)) == primary) {
                        owned++;
                    }
                }
                assertThat(owned).isPositive();
                assertThat(registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "SET", "node", node(primary),
                        "outcome", "success").timer().count()).as("SETs timed under " + node(primary)).isEqualTo(owned);
                assertThat(registry.get(MeterNames.CONNECTIONS).tags("node", node(primary), "state", "ready").gauge().value())
                        .isEqualTo(4);
            }
        }
    }

    @Test
    void aNodeThatLeavesTheTopologyTakesItsMetersWithIt() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        String key = "{leaving}key";
        int slot = CLUSTER.cluster().keySlot(key);
        RedisServer owner = CLUSTER.cluster().nodeForSlot(slot);
        RedisServer leaving = CLUSTER.cluster().addPrimary();
        CLUSTER.cluster().migrateSlot(slot, leaving);
        try (RedisClient redis = RedisClient.builder().uri(owner.uri()).topologyRefreshPeriod(Duration.ofSeconds(1))
                .commandListener(MicrometerCommandListener.create(registry)).build()) {
            redis.set(key, "on the new node");
            assertThat(registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "SET", "node", node(leaving)).timer().count())
                    .isEqualTo(1);

            for (RedisServer server : CLUSTER.cluster().nodes()) { // a primary left without slots would otherwise turn replica
                server.call("CONFIG", "SET", "cluster-allow-replica-migration", "no");
            }
            CLUSTER.cluster().migrateSlot(slot, owner);
            for (RedisServer server : CLUSTER.cluster().nodes()) {
                if (server != leaving) {
                    server.call("CLUSTER", "FORGET", CLUSTER.cluster().nodeId(leaving));
                }
            }
            leaving.stop();

            Await.until("every meter of the node that left to be removed",
                    () -> registry.getMeters().stream().noneMatch(meter -> node(leaving).equals(meter.getId().getTag("node"))),
                    Duration.ofSeconds(20));
            redis.set(key, "back on its owner");
            assertThat(registry.get(MeterNames.COMMAND_COMPLETION).tags("command", "SET", "node", node(owner)).timer().count())
                    .isPositive();
            assertThat(registry.get(MeterNames.TOPOLOGY_REFRESHES).tag("result", "applied").counter().count()).isPositive();
        }
        assertThat(registry.getMeters()).extracting(Meter::getId).isEmpty();
    }
}
