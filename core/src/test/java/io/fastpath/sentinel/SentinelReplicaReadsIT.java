package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.SentinelOptions;
import io.fastpath.Teardown;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadPolicy} on a Sentinel-watched deployment: reads go to the replicas {@code SENTINEL REPLICAS}
 * lists, writes to the primary, and a replica Sentinel flags down (a frozen one still holds its TCP
 * connections, so only Sentinel's word keeps reads away from it) is left out until it is back.
 */
class SentinelReplicaReadsIT {
    private static SentinelDeployment deployment;

    @BeforeAll
    static void start() {
        deployment = SentinelDeployment.builder().start();
    }

    @AfterAll
    static void stop() throws Exception {
        Teardown.closeAll(deployment);
    }

    @Test
    void readsGoToTheReplicasAndAFrozenReplicaIsLeftOutWhileSentinelSeesItDown() {
        try (RedisClient redis = RedisClient.builder()
                .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()))
                .readPolicy(ReadPolicy.REPLICA_PREFERRED)
                .commandTimeout(Duration.ofSeconds(1))
                .build()) {
            redis.set("replica-reads", "v");
            RedisServer primary = deployment.primary();
            List<RedisServer> replicas = deployment.replicas();
            Eventually.awaitValue(() -> redis.get("replica-reads"), "v", Duration.ofSeconds(10));
            for (RedisServer replica : replicas) { // replicated everywhere: one read above proves one replica only
                Eventually.awaitValue(() -> replica.call("GET", "replica-reads"), "v", Duration.ofSeconds(10));
            }
            long primaryGets = getCalls(primary);
            long replicaGets = getCalls(replicas.get(0)) + getCalls(replicas.get(1));
            for (int i = 0; i < 200; i++) {
                assertThat(redis.get("replica-reads")).isEqualTo("v");
            }
            assertThat(getCalls(primary) - primaryGets).isZero();
            assertThat(getCalls(replicas.get(0)) + getCalls(replicas.get(1)) - replicaGets).isEqualTo(200);

            RedisServer frozen = replicas.get(0);
            RedisServer healthy = replicas.get(1);
            frozen.pause();
            try {
                // Reads that picked the frozen replica before Sentinel flagged it time out; then all succeed.
                Eventually.awaitTrue("100 reads in a row succeed on the healthy replica", () -> {
                    try {
                        for (int i = 0; i < 100; i++) {
                            redis.get("replica-reads");
                        }
                        return true;
                    } catch (io.fastpath.RedisException stillRoutedThere) {
                        return false;
                    }
                }, Duration.ofSeconds(20));
                long healthyGets = getCalls(healthy);
                for (int i = 0; i < 100; i++) {
                    assertThat(redis.get("replica-reads")).isEqualTo("v");
                }
                assertThat(getCalls(healthy) - healthyGets).isEqualTo(100);
            } finally {
                frozen.resume();
            }
            // Back and flagged up again (-sdown): the replica serves reads again.
            long frozenGets = getCalls(frozen);
            Eventually.awaitTrue("reads reach the thawed replica", () -> {
                redis.get("replica-reads");
                return getCalls(frozen) > frozenGets;
            }, Duration.ofSeconds(20));
        }
    }

    @Test
    void underZoneAffinityReadsGoToTheReplicaInTheClientsZone() {
        RedisServer primary = deployment.primary();
        RedisServer local = deployment.replicas().get(1);
        RedisServer remote = deployment.replicas().get(0);
        // Valkey 8.0+ changes availability-zone at run time (CONFIG SET); the client reads it at each handshake.
        boolean zonesReported = primary.binary().isValkey() && primary.binary().isAtLeast(8, 0);
        if (zonesReported) {
            primary.call("CONFIG", "SET", "availability-zone", "zone-a");
            local.call("CONFIG", "SET", "availability-zone", "zone-a");
            remote.call("CONFIG", "SET", "availability-zone", "zone-b");
        }
        try (RedisClient redis = RedisClient.builder()
                .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()))
                .readPolicy(ReadPolicy.ZONE_AFFINITY)
                .clientZone("zone-a")
                .build()) {
            redis.set("zone-reads", "v");
            Eventually.awaitTrue("both replicas to hold the key", () -> exists(local, "zone-reads") && exists(remote, "zone-reads"),
                    Duration.ofSeconds(10));
            // Both replicas must be connected before counting, or the pick could fall back while one still connects.
            Eventually.awaitTrue("reads to reach both replicas' connections", () -> {
                long before = getCalls(local) + getCalls(remote);
                redis.get("zone-reads");
                return getCalls(local) + getCalls(remote) > before;
            }, Duration.ofSeconds(10));
            long primaryGets = getCalls(primary);
            long localGets = getCalls(local);
            long remoteGets = getCalls(remote);
            for (int i = 0; i < 200; i++) {
                assertThat(redis.get("zone-reads")).isEqualTo("v");
            }
            assertThat(getCalls(primary) - primaryGets).as("reads on the primary").isZero();
            if (zonesReported) {
                assertThat(getCalls(local) - localGets).as("reads on the replica in the client's zone").isEqualTo(200);
            } else {
                // Redis reports no zone: every node is another zone, so reads spread over both replicas.
                assertThat(getCalls(local) - localGets).as("reads on one replica").isPositive();
                assertThat(getCalls(remote) - remoteGets).as("reads on the other").isPositive();
            }
        } finally {
            if (zonesReported) {
                for (RedisServer node : List.of(primary, local, remote)) {
                    node.call("CONFIG", "SET", "availability-zone", "");
                }
            }
        }
    }

    private static boolean exists(RedisServer node, String key) {
        return ((Number) node.call("EXISTS", key)).longValue() == 1;
    }

    private static long getCalls(RedisServer node) {
        try (RespClient admin = node.admin()) {
            for (String line : ((String) admin.call("INFO", "commandstats")).split("\r\n")) {
                if (line.startsWith("cmdstat_get:calls=")) {
                    return Long.parseLong(line.substring("cmdstat_get:calls=".length(), line.indexOf(',')));
                }
            }
            return 0;
        }
    }
}
