package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisServerExtensionTest {

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone("--maxclients", "77");

    @Test
    void registeredExtensionProvidesARunningConfiguredServer() {
        RedisServer server = redis.server();
        assertThat(server.isAlive()).isTrue();
        assertThat(server.call("CONFIG", "GET", "maxclients")).isEqualTo(List.of("maxclients", "77"));
    }

    @Test
    void afterAllStopsAServerLeftPausedByATest() {
        RedisServerExtension extension = RedisServerExtension.standalone();
        extension.beforeAll(null);
        RedisServer server = extension.server();
        long pid = server.pid();
        server.pause();

        extension.afterAll(null);

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isIn(Optional.empty(), Optional.of(false));
        assertThatThrownBy(extension::server).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void clusterExtensionStopsEveryNodeAfterAll() {
        RedisClusterExtension extension = RedisClusterExtension.of(3, 0);
        extension.beforeAll(null);
        RedisCluster cluster = extension.cluster();
        assertThat(cluster.primaries()).hasSize(3);
        cluster.nodes().get(1).pause();
        List<Long> pids = cluster.nodes().stream().map(RedisServer::pid).toList();

        extension.afterAll(null);

        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isIn(Optional.empty(), Optional.of(false));
        }
        assertThatThrownBy(extension::cluster).isInstanceOf(IllegalStateException.class);
    }
}
