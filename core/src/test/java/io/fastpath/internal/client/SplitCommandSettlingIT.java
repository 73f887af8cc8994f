package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisTimeoutException;
import io.fastpath.testkit.Conditions;
import io.fastpath.testkit.KeySlots;
import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A command split over a cluster's nodes counts for its caller part by part (a real 3-primary cluster): an MSET whose
 * part on a node with paused writes times out leaves its thread not idle until that part's late reply was read, as a
 * single-node command does ({@link io.fastpath.internal.connection.CallerCommands}); the whole command's own timeout
 * does not end it, since the part may still run after the thread's next command of its key.
 */
class SplitCommandSettlingIT {
    private static final Duration WITHIN = Duration.ofSeconds(20);

    @RegisterExtension
    static RedisClusterExtension redis = RedisClusterExtension.of(3, 0);

    @Test
    void aCallerWhoseSplitMsetTimedOutIsNotIdleUntilItsPartOnAPausedNodeWasAnswered() {
        RedisCluster cluster = redis.cluster();
        String onPaused = keyOn(cluster, cluster.primaries().get(0), "paused");
        String onOther = keyOn(cluster, cluster.primaries().get(1), "other");
        try (RedisClient client = RedisClient.builder().uri(cluster.primaries().get(0).uri())
                .commandTimeout(WITHIN).build()) {
            client.set(onPaused, "before"); // the client's connections are up before the pause
            Conditions.await("the test's thread idle to begin with", ClientCore::callingThreadIdle, WITHIN);
            Map<String, String> entries = new LinkedHashMap<>();
            entries.put(onPaused, "split");
            entries.put(onOther, "split");
            // Writes wait on the paused node for 3 s: its part of the MSET is sent and not answered until then
            cluster.primaries().get(0).call("CLIENT", "PAUSE", "3000", "WRITE");

            assertThatThrownBy(() -> client.withTimeout(Duration.ofMillis(300)).mset(entries))
                    .isInstanceOf(RedisTimeoutException.class);
            assertThat(ClientCore.callingThreadIdle()).as("idle right after the MSET timed out").isFalse();
            Conditions.await("idle once the paused node answered its part", ClientCore::callingThreadIdle, WITHIN);
            assertThat(client.get(onPaused)).as("the part that was given up ran late").isEqualTo("split");
        }
    }

    /** A key served by {@code owner}. */
    private static String keyOn(RedisCluster cluster, RedisServer owner, String prefix) {
        for (int i = 0; ; i++) {
            String key = prefix + "-" + i;
            if (cluster.nodeForSlot(KeySlots.slot(key)) == owner) {
                return key;
            }
        }
    }
}
