package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.SentinelOptions;
import io.fastpath.Teardown;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.SentinelDeployment;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sentinel promoting one replica and then the other within seconds (seen in the field: 7401 promoted,
 * then 7402 two seconds later), under 32 callers of tagged INCR, GET and ECHO: the client must follow
 * both promotions, end on the final primary, answer every caller with its own reply, and lose no
 * acknowledged write (every caller's highest acknowledged INCR is on the final primary).
 */
class SentinelDoubleFailoverIT {
    private static final int CALLERS = 32;
    private static final Duration RECOVERY = Duration.ofSeconds(30);

    private SentinelDeployment deployment;
    private final List<RedisEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startDeployment() {
        deployment = SentinelDeployment.builder().start();
    }

    @AfterEach
    void stopDeployment() throws Exception {
        Teardown.closeAll(deployment);
    }

    @Test
    void twoFailoversInARowLeaveTheClientOnTheSecondPromotedReplicaWithNoAcknowledgedWriteLost() throws Exception {
        RedisServer original = deployment.primary();
        // Never promoted once demoted, so the two failovers promote one replica and then the other.
        original.call("CONFIG", "SET", "replica-priority", "0");
        SentinelOptions options = SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses());
        try (RedisClient redis = RedisClient.builder().sentinel(options).eventListener(events::add).build();
             FailoverCallers callers = FailoverCallers.start(redis, "double", CALLERS)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long firstFailoverAt = System.nanoTime();
            RedisServer first = deployment.failover();
            // The second failover starts as soon as the Sentinels agree on the first, while the client may still be switching.
            RedisServer second = deployment.failover();
            long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long recoveryMillis = Duration.ofNanos(recoveredAt - firstFailoverAt).toMillis();
            callers.stop();
            System.out.println("[sentinel] double failover " + original.port() + " -> " + first.port() + " -> " + second.port()
                    + ", every caller writing again " + recoveryMillis + " ms after the first; " + callers);

            assertThat(List.of(first, second)).as("one replica promoted, then the other").doesNotContain(original)
                    .doesNotHaveDuplicates();
            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(firstFailoverAt, recoveredAt);
            assertThat(callers.lostAcknowledgedWrites(second)).as("acknowledged INCRs missing on the final primary; %s", callers)
                    .isZero();
            assertThat(events).filteredOn(RedisEvent.PrimaryChanged.class::isInstance).last()
                    .isInstanceOfSatisfying(RedisEvent.PrimaryChanged.class,
                            changed -> assertThat(changed.to()).endsWith(":" + second.port()));
            // The client's writes land on the final primary.
            redis.set("double:after", "final");
            assertThat(second.call("GET", "double:after")).isEqualTo("final");
        }
    }

    @Test
    void aFailoverThenAKillOfTheNewPrimaryLeavesTheClientOnTheOtherReplicaWithNoWriteConfirmedByEveryReplicaLost() throws Exception {
        RedisServer original = deployment.primary();
        original.call("CONFIG", "SET", "replica-priority", "0");
        // WAIT counts replicas, not which: with the never-promoted old primary among them, only a write both confirmed
        // is sure to be on the replica Sentinel promotes when the new primary is killed (WAIT 1 could be the old primary).
        SentinelOptions options = SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses())
                .waitForReplicas(2, Duration.ofMillis(500));
        try (RedisClient redis = RedisClient.builder().sentinel(options).eventListener(events::add).build();
             FailoverCallers callers = FailoverCallers.start(redis, "failover-kill", CALLERS)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long failoverAt = System.nanoTime();
            RedisServer first = deployment.failover();
            // Sentinel demotes the old primary itself a few of its INFO and hello periods later; done here at once, so
            // that the new primary has writes both replicas confirmed before it is killed, whatever those periods.
            replicate(original, first);
            callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            RedisServer killed = deployment.killPrimary();
            RedisServer second = deployment.awaitNewPrimary(killed);
            // With one replica left no write can be confirmed by two: the killed node comes back as the second replica.
            killed.restart();
            replicate(killed, second);
            long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long recoveryMillis = Duration.ofNanos(recoveredAt - failoverAt).toMillis();
            callers.stop();
            System.out.println("[sentinel] failover then kill " + original.port() + " -> " + first.port() + " (killed, back as a replica) -> "
                    + second.port() + ", every caller writing again " + recoveryMillis + " ms after the failover; " + callers);

            assertThat(killed).isSameAs(first);
            assertThat(second).isNotIn(original, first);
            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(failoverAt, recoveredAt);
            assertThat(callers.lostAcknowledgedWrites(second)).as("acknowledged INCRs missing on the final primary; %s", callers)
                    .isZero();
            assertThat(events).filteredOn(RedisEvent.PrimaryChanged.class::isInstance).last()
                    .isInstanceOfSatisfying(RedisEvent.PrimaryChanged.class,
                            changed -> assertThat(changed.to()).endsWith(":" + second.port()));
            redis.set("failover-kill:after", "final");
            assertThat(second.call("GET", "failover-kill:after")).isEqualTo("final");
        }
    }

    /** {@code REPLICAOF primary}: the order Sentinel gives a node it demotes or moves to a new primary. */
    private void replicate(RedisServer node, RedisServer primary) {
        node.call("REPLICAOF", RedisServer.HOST, Integer.toString(deployment.announcedPort(primary)));
    }
}
