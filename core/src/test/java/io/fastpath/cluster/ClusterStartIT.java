package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Start-up on a cluster waits for the primaries only: a replica that accepts TCP but answers nothing (SIGSTOP)
 * does not hold {@code build()} up, reads of its shard go to the read policy's next choice meanwhile, and its
 * connections come up in the background once it answers.
 */
class ClusterStartIT {
    /** Longer than the wait below: a build() that waited for the frozen replica's handshake would not return in it. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration BUILD_WITHIN = Duration.ofSeconds(20);
    private static final Pattern GET_CALLS = Pattern.compile("cmdstat_get:calls=(\\d+)");

    // The node timeout outlasts the test: the cluster must not flag the frozen replica failed (a refresh would drop it).
    @RegisterExtension
    static final RedisClusterExtension REDIS = RedisClusterExtension.of(RedisCluster.builder()
            .primaries(3).replicasPerPrimary(1).nodeTimeout(Duration.ofSeconds(120)));

    @Test
    void buildReturnsAndReadsSucceedWhileAReplicaAnswersNothingAndItsConnectionsComeUpOnceItDoes() throws Exception {
        RedisCluster cluster = REDIS.cluster();
        RedisServer primary = cluster.primaries().get(1);
        RedisServer frozen = cluster.replicasOf(primary).get(0);
        String key = keyOn(cluster, primary);
        primary.call("SET", key, "v");
        primary.call("WAIT", "1", "10000"); // on the replica before it freezes
        Set<String> connected = ConcurrentHashMap.newKeySet();
        String frozenNode = RedisServer.HOST + ":" + frozen.port();
        frozen.pause();
        RedisClient redis = null;
        try {
            CompletableFuture<RedisClient> building = CompletableFuture.supplyAsync(() -> RedisClient.builder()
                    .uri(cluster.primaries().get(0).uri()).readPolicy(ReadPolicy.REPLICA_PREFERRED)
                    .connectTimeout(CONNECT_TIMEOUT)
                    .eventListener(event -> {
                        if (event instanceof RedisEvent.Connected up) {
                            connected.add(up.node());
                        }
                    }).build());
            Eventually.awaitTrue("build() to return while a replica is frozen", building::isDone, BUILD_WITHIN);
            redis = building.join();

            // The frozen replica's connections are not ready: its shard's reads go to the primary (the next choice).
            assertThat(redis.get(key)).isEqualTo("v");
            assertThat(connected).as("nodes connected while the replica is frozen").doesNotContain(frozenNode);

            frozen.resume();
            Eventually.awaitTrue("the client to connect to the replica once it answers",
                    () -> connected.contains(frozenNode), Duration.ofSeconds(30));
            frozen.call("CONFIG", "RESETSTAT");
            for (int i = 0; i < 100; i++) {
                assertThat(redis.get(key)).isEqualTo("v");
            }
            assertThat(getCalls(frozen)).as("reads the replica served once connected").isEqualTo(100);
        } finally {
            if (frozen.isPaused()) {
                frozen.resume();
            }
            if (redis != null) {
                redis.close();
            }
        }
    }

    private static String keyOn(RedisCluster cluster, RedisServer primary) {
        for (int i = 0; ; i++) {
            String key = "start:" + i;
            if (cluster.nodeForSlot(cluster.keySlot(key)) == primary) {
                return key;
            }
        }
    }

    /** GETs {@code node} ran since its last CONFIG RESETSTAT, from its own INFO commandstats. */
    private static long getCalls(RedisServer node) {
        Matcher matcher = GET_CALLS.matcher((String) node.call("INFO", "commandstats"));
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }
}
