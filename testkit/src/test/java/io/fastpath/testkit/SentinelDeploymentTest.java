package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The kit's Sentinel deployment and its faults; a fresh deployment per test, quicker than waiting for Sentinel to settle. */
class SentinelDeploymentTest {

    private SentinelDeployment deployment;

    @BeforeEach
    void start() {
        deployment = SentinelDeployment.builder().partitionable().start();
    }

    @AfterEach
    void stop() {
        deployment.close();
    }

    @Test
    void threeSentinelsAgreeOnAPrimaryWithTwoReplicasInSync() {
        RedisServer primary = deployment.primary();
        assertThat(deployment.dataNodes()).hasSize(3).startsWith(primary);
        assertThat(deployment.replicas()).hasSize(2).doesNotContain(primary);
        for (RedisServer sentinel : deployment.sentinels()) {
            assertThat(sentinel.isSentinel()).isTrue();
            assertThat((List<?>) sentinel.call("SENTINEL", "SENTINELS", deployment.primaryName())).hasSize(2);
        }
        primary.call("SET", "written-on-the-primary", "1");
        RedisServer replica = deployment.replicas().get(0);
        Object replicated = Waits.until("the write to reach " + replica, java.time.Duration.ofSeconds(5),
                () -> replica.call("GET", "written-on-the-primary"), () -> "");
        assertThat(replicated).isEqualTo("1");
    }

    @Test
    void everySentinelKeepsItsConfigInMemoryAndLeavesTiltAfterTheShortPeriod() {
        boolean systemHasSharedMemory = Files.isDirectory(Path.of("/dev/shm"));
        for (RedisServer sentinel : deployment.sentinels()) {
            if (systemHasSharedMemory) {
                assertThat(sentinel.directory()).startsWith(Path.of("/dev/shm"));
            }
            if (sentinel.binary().isAtLeast(7, 0)) {
                List<?> settings = (List<?>) sentinel.call("SENTINEL", "DEBUG"); // names and values, flat
                int name = settings.indexOf("TILT-PERIOD");
                assertThat(settings.get(name + 1)).isEqualTo(Long.toString(SentinelDeployment.TILT_PERIOD.toMillis()));
            }
        }
    }

    @Test
    void aForcedFailoverPromotesAReplicaWhileTheOldPrimaryStaysUp() {
        RedisServer old = deployment.primary();
        RedisServer promoted = deployment.failover();
        assertThat(promoted).isNotSameAs(old);
        assertThat(old.isAlive()).isTrue(); // Sentinel demotes it about 10 s later
    }

    @Test
    void aKilledPrimaryIsReplacedAndComesBackAsAReplica() {
        RedisServer killed = deployment.killPrimary();
        RedisServer promoted = deployment.awaitNewPrimary(killed);
        assertThat(promoted.isAlive()).isTrue();
        deployment.restartAsReplica(killed);
        assertThat(deployment.replicas()).contains(killed);
    }

    @Test
    void aPartitionedPrimaryIsReplacedWhileTheClientSideStillReachesIt() {
        RedisServer cutOff = deployment.primary();
        deployment.partition(cutOff);
        try {
            RedisServer promoted = deployment.awaitNewPrimary(cutOff);
            assertThat(promoted).isNotSameAs(cutOff);
            // A client on 127.0.0.1 still reaches the old primary through its proxy, which still takes writes.
            try (RespClient client = new RespClient(RedisServer.HOST, deployment.announcedPort(cutOff))) {
                assertThat(client.call("SET", "split-brain", "yes")).isEqualTo("OK");
                assertThat(((List<?>) client.call("ROLE")).get(0)).isEqualTo("master");
            }
        } finally {
            deployment.heal(cutOff);
        }
        deployment.awaitStable();
        assertThat(deployment.replicas()).contains(cutOff);
    }
}
