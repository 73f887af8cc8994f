package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisCluster;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code lazyConnect()}: the application starts while the server is down and catches up when it comes. */
class LazyConnectIT {

    @Test
    void buildReturnsWhileTheServerIsDownCommandsFailNotSentAndSucceedOnceItIsUp() throws Exception {
        try (RedisServer server = RedisServer.start()) {
            server.stop();
            try (RedisClient redis = RedisClient.builder().uri(server.uri()).lazyConnect()
                    .commandTimeout(Duration.ofMillis(300)).reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(100)).build()) {
                assertThatThrownBy(() -> redis.set("k", "v")).isInstanceOf(RedisNotSentException.class)
                        .hasMessageContaining("no connection within the command timeout");
                assertThatThrownBy(() -> redis.async().get("k").get()).hasCauseInstanceOf(RedisNotSentException.class);

                server.restart();

                Eventually.awaitValue(() -> redis.set("k", "v"), true, Duration.ofSeconds(10));
                assertThat(redis.get("k")).isEqualTo("v");
            }
        }
    }

    @Test
    void withoutLazyConnectBuildStillFailsWhileTheServerIsDown() throws Exception {
        try (RedisServer server = RedisServer.start()) {
            server.stop();
            assertThatThrownBy(() -> RedisClient.builder().uri(server.uri()).connectTimeout(Duration.ofMillis(500))
                    .reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(100)).build())
                    .isInstanceOf(RedisConnectionException.class);
        }
    }

    @Test
    void lazyConnectWithSeveralSeedsIsRefusedBeforeAnythingStarts() {
        assertThatThrownBy(() -> RedisClient.builder().seeds("redis://127.0.0.1:7000", "redis://127.0.0.1:7001").lazyConnect().build())
                .isInstanceOf(RedisArgumentException.class).hasMessageContaining("lazyConnect()").hasMessageContaining("seeds");
    }

    @Test
    void aClusterNodeBehindALazyClientIsRefusedWithAMessageThatSaysWhy() {
        try (RedisCluster cluster = RedisCluster.start(3, 0);
             RedisClient redis = RedisClient.builder().uri(cluster.primaries().get(0).uri()).lazyConnect()
                     .commandTimeout(Duration.ofMillis(500)).build()) {
            assertThatThrownBy(() -> redis.set("k", "v")).isInstanceOf(RedisNotSentException.class)
                    .rootCause().isInstanceOf(RedisConnectionException.class)
                    .hasMessageContaining("cluster node").hasMessageContaining("lazyConnect()");
        }
    }

    @Test
    void aServerThatNeverAnswersTheHandshakeIsNamedInsteadOfNoErrorRecorded() throws Exception {
        try (java.net.ServerSocket silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
             RedisClient redis = RedisClient.builder().host("127.0.0.1", silent.getLocalPort()).lazyConnect()
                     .commandTimeout(Duration.ofMillis(300)).build()) {
            // Accepted by the kernel's backlog, never read: TCP connects, the handshake gets no answer, nothing fails.
            assertThatThrownBy(() -> redis.get("k")).isInstanceOf(RedisNotSentException.class)
                    .hasMessageContaining("no attempt has failed yet").hasMessageContaining("handshake")
                    .hasMessageNotContaining("no error recorded").hasMessageNotContaining("see the cause");
        }
    }
}
