package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisEvent;
import io.fastpath.SentinelOptions;
import io.fastpath.Teardown;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import io.fastpath.testkit.SentinelDeployment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Finding the primary: the Sentinels' own credentials apart from the data nodes', the database, a
 * Sentinel that keeps naming a stale address, Sentinels learned from the one given, and start-up failures
 * that name their cause. One deployment whose data nodes and Sentinels have different passwords.
 */
class SentinelDiscoveryIT {
    private static final String DATA_PASSWORD = "data-secret";
    private static final String SENTINEL_PASSWORD = "sentinel-secret";

    private static SentinelDeployment deployment;

    @BeforeAll
    static void start() {
        deployment = SentinelDeployment.builder().dataPassword(DATA_PASSWORD).sentinelPassword(SENTINEL_PASSWORD).start();
    }

    @AfterAll
    static void stop() throws Exception {
        Teardown.closeAll(deployment);
    }

    private static SentinelOptions options(List<String> sentinels) {
        return SentinelOptions.of(deployment.primaryName(), sentinels).credentials(null, SENTINEL_PASSWORD);
    }

    @Test
    void theSentinelsAndTheDataNodesEachGetTheirOwnPasswordAndTheDatabaseIsSelected() {
        try (RedisClient redis = RedisClient.builder().sentinel(options(deployment.sentinelAddresses()))
                .credentials(null, DATA_PASSWORD).database(2).build()) {
            redis.set("discovery:db", "in-2");
            try (RespClient admin = deployment.primary().admin()) {
                admin.call("SELECT", "2");
                assertThat(admin.call("GET", "discovery:db")).isEqualTo("in-2");
            }
            assertThat(redis.toString()).contains("primary 'mymaster' via Sentinel");
        }
    }

    @Test
    void aSentinelThatKeepsNamingAReplicaIsPassedOverByItsRoleAndOutvoted() {
        RedisServer replica = deployment.replicas().get(0);
        RedisServer stale = deployment.startStaleSentinel(replica);
        String staleAddress = stale.host() + ":" + stale.port();
        List<String> staleFirst = new ArrayList<>(List.of(staleAddress));
        staleFirst.add(deployment.sentinelAddresses().get(0));
        // Alone with one good Sentinel it ties, and ROLE tells them apart; beside all three it is outvoted.
        for (List<String> sentinels : List.of(staleFirst, withFirst(staleAddress, deployment.sentinelAddresses()))) {
            try (RedisClient redis = RedisClient.builder().sentinel(options(sentinels)).credentials(null, DATA_PASSWORD).build()) {
                redis.set("discovery:stale", "written");
                try (RespClient admin = deployment.primary().admin()) {
                    assertThat(admin.call("GET", "discovery:stale")).isEqualTo("written");
                }
            }
        }
        // Given only the stale Sentinel, the client refuses to start rather than write to a replica.
        assertThatThrownBy(() -> RedisClient.builder().sentinel(options(List.of(staleAddress))).credentials(null, DATA_PASSWORD).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining(":" + replica.port() + " named by 1 Sentinel(s) says ROLE slave");
    }

    @Test
    void sentinelsLearnedFromTheOneGivenAreFollowedWhenThatOneIsDown() {
        RedisServer given = deployment.sentinels().get(0);
        List<RedisEvent> events = new CopyOnWriteArrayList<>();
        try (RedisClient redis = RedisClient.builder().sentinel(options(List.of(given.host() + ":" + given.port())))
                .credentials(null, DATA_PASSWORD).eventListener(events::add).build()) {
            redis.set("discovery:learned", "before");
            deployment.stopSentinel(given);
            RedisServer promoted;
            try {
                promoted = deployment.failover(); // led by a Sentinel the client only learned of
            } finally {
                deployment.startSentinel(given);
            }
            redis.set("discovery:learned", "after");
            try (RespClient admin = promoted.admin()) {
                assertThat(admin.call("GET", "discovery:learned")).isEqualTo("after");
            }
            assertThat(events).anySatisfy(event -> assertThat(event).isInstanceOfSatisfying(RedisEvent.FailoverAnnounced.class,
                    announced -> assertThat(announced.sentinel()).isNotEqualTo(given.host() + ":" + given.port())));
        }
    }

    @Test
    void aNameNoSentinelMonitorsFailsTheBuildNamingIt() {
        assertThatThrownBy(() -> RedisClient.builder()
                .sentinel(SentinelOptions.of("no-such-primary", deployment.sentinelAddresses()).credentials(null, SENTINEL_PASSWORD))
                .build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("does not monitor a primary named 'no-such-primary'");
    }

    @Test
    void aWrongSentinelPasswordFailsTheBuildWithTheServersRefusal() {
        assertThatThrownBy(() -> RedisClient.builder()
                .sentinel(SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses()).credentials(null, "wrong"))
                .credentials(null, DATA_PASSWORD).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("WRONGPASS")
                .satisfies(failure -> assertThat(failure.getMessage()).doesNotContain("wrong").doesNotContain(DATA_PASSWORD));
    }

    private static List<String> withFirst(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }
}
