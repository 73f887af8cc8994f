package io.fastpath.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.Eventually;
import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.RedisEvent;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Start-up on a cluster waits for the topology and the first primary connection only: a node that accepts TCP but
 * answers nothing (SIGSTOP) does not hold {@code build()} up, whether a replica (reads of its shard go to the read
 * policy's next choice meanwhile) or a primary (its commands wait in its connection's queue), and its connections
 * come up in the background once it answers.
 */
class ClusterStartIT {
    /** Longer than the wait below: a build() that waited for the frozen node's handshake would not return in it. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);
    /** Commands for the frozen primary wait in its connection's queue for this long at most. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);
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
            redis = buildWithin(RedisClient.builder().uri(cluster.primaries().get(0).uri())
                    .readPolicy(ReadPolicy.REPLICA_PREFERRED).connectTimeout(CONNECT_TIMEOUT), connected, "a replica");

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

    @Test
    void buildReturnsWhileAPrimaryAnswersNothingAndCommandsToTheOtherPrimariesWorkAtOnceWhileItsOwnWaitForIt()
            throws Exception {
        RedisCluster cluster = REDIS.cluster();
        RedisServer seed = cluster.primaries().get(0);
        RedisServer other = cluster.primaries().get(1);
        RedisServer frozen = cluster.primaries().get(2);
        String frozenKey = keyOn(cluster, frozen);
        String seedKey = keyOn(cluster, seed);
        String otherKey = keyOn(cluster, other);
        frozen.call("SET", frozenKey, "kept");
        Set<String> connected = ConcurrentHashMap.newKeySet();
        String frozenNode = RedisServer.HOST + ":" + frozen.port();
        frozen.pause();
        RedisClient redis = null;
        try {
            redis = buildWithin(RedisClient.builder().uri(seed.uri()).connectTimeout(CONNECT_TIMEOUT)
                    .commandTimeout(COMMAND_TIMEOUT), connected, "a primary");

            // The other primaries' commands do not wait for the frozen one.
            redis.set(seedKey, "on-the-seed");
            redis.set(otherKey, "on-the-other");
            assertThat(redis.get(seedKey)).isEqualTo("on-the-seed");
            assertThat(redis.get(otherKey)).isEqualTo("on-the-other");
            // The frozen primary's command waits, unsent, in its connection's queue.
            CompletableFuture<String> waiting = redis.async().get(frozenKey);
            assertThat(redis.get(otherKey)).isEqualTo("on-the-other");
            assertThat(waiting).as("the frozen primary's GET while it answers nothing").isNotDone();
            assertThat(connected).as("nodes connected while the primary is frozen").doesNotContain(frozenNode);

            frozen.resume();
            assertThat(waiting.get(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("kept");
            assertThat(connected).contains(frozenNode);
        } finally {
            if (frozen.isPaused()) {
                frozen.resume();
            }
            if (redis != null) {
                redis.close();
            }
        }
    }

    /**
     * Builds on another thread and awaits build() within {@link #BUILD_WITHIN} while {@code frozenRole} answers nothing;
     * every node a connection comes up to is added to {@code connected}.
     */
    private static RedisClient buildWithin(RedisClientBuilder builder, Set<String> connected, String frozenRole) {
        CompletableFuture<RedisClient> building = CompletableFuture.supplyAsync(() -> builder
                .eventListener(event -> {
                    if (event instanceof RedisEvent.Connected up) {
                        connected.add(up.node());
                    }
                }).build());
        Eventually.awaitTrue("build() to return while " + frozenRole + " is frozen", building::isDone, BUILD_WITHIN);
        return building.join();
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
