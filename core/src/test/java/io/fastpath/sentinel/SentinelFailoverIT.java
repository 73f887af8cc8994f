package io.fastpath.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisTimeoutException;
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
 * The acceptance tests of the Sentinel path: 32 callers of tagged reads and writes through each kind of
 * failover, on real processes (a primary, two replicas, three Sentinels; a fresh deployment per test,
 * which is quicker than waiting for Sentinel to demote an old primary, and keeps tests independent).
 * Each checks that every reply is the caller's own, that failures are delivery failures inside the
 * failover window, that service resumes without restarting the client, and what became of the
 * acknowledged writes: none is lost in a graceful failover or, with {@code waitForReplicas}, after a kill;
 * without it, a kill or a freeze may lose the last ones on their way to the replicas (counted and printed).
 */
class SentinelFailoverIT {
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

    private RedisClient client(SentinelOptions options) {
        return RedisClient.builder().sentinel(options).eventListener(events::add).build();
    }

    private SentinelOptions options() {
        return SentinelOptions.of(deployment.primaryName(), deployment.sentinelAddresses());
    }

    @Test
    void aKilledPrimaryIsReplacedUnder32CallersAndNoWriteConfirmedByAReplicaIsLost() throws Exception {
        // waitForReplicas closes the asynchronous-replication window a kill leaves open (README "Sentinel").
        try (RedisClient redis = client(options().waitForReplicas(1, Duration.ofMillis(500)));
             FailoverCallers callers = FailoverCallers.start(redis, "kill", CALLERS)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long killedAt = System.nanoTime();
            RedisServer killed = deployment.killPrimary();
            RedisServer promoted = deployment.awaitNewPrimary(killed);
            long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            callers.stop();
            System.out.println("[sentinel] " + callers + ", acknowledged writes lost to asynchronous replication seen by readers: "
                    + callers.lostWritesSeen);

            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(killedAt, recoveredAt);
            assertThat(callers.lostAcknowledgedWrites(promoted)).as("acknowledged INCRs missing on the new primary; %s", callers)
                    .isZero();
            assertThat(events).anySatisfy(event -> assertThat(event).isInstanceOfSatisfying(RedisEvent.PrimaryChanged.class,
                    changed -> assertThat(changed.to()).endsWith(":" + promoted.port())));
        }
    }

    @Test
    void aGracefulSentinelFailoverLosesNoAcknowledgedWriteAndHeldWritesGoToTheNewPrimary() throws Exception {
        try (RedisClient redis = client(options());
             FailoverCallers callers = FailoverCallers.start(redis, "graceful", CALLERS)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long failoverAt = System.nanoTime();
            RedisServer promoted = deployment.failover();
            long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            callers.stop();
            System.out.println("[sentinel] " + callers + ", acknowledged writes lost to asynchronous replication seen by readers: "
                    + callers.lostWritesSeen);

            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(failoverAt, recoveredAt);
            // The old primary stayed up: nothing written there was lost with a connection, so nothing is outcome-unknown.
            assertThat(callers.failuresOf(RedisOutcomeUnknownException.class) + callers.failuresOf(RedisTimeoutException.class))
                    .as("%s", callers).isZero();
            assertThat(callers.lostAcknowledgedWrites(promoted)).as("acknowledged INCRs missing on the new primary; %s", callers)
                    .isZero();
            assertThat(events).anySatisfy(event -> assertThat(event).isInstanceOf(RedisEvent.FailoverAnnounced.class));
            assertThat(events).anySatisfy(event -> assertThat(event).isInstanceOfSatisfying(RedisEvent.PrimaryChanged.class,
                    changed -> assertThat(changed.to()).endsWith(":" + promoted.port())));
        }
    }

    @Test
    void aPausedPrimaryIsReplacedAndItsUnansweredCommandsFailAsOutcomeUnknown() throws Exception {
        try (RedisClient redis = RedisClient.builder().sentinel(options()).commandTimeout(Duration.ofSeconds(3))
                .eventListener(events::add).build();
             FailoverCallers callers = FailoverCallers.start(redis, "paused", CALLERS, true)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long pausedAt = System.nanoTime();
            RedisServer paused = deployment.pausePrimary();
            RedisServer promoted;
            try {
                promoted = deployment.awaitNewPrimary(paused);
                callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            } finally {
                paused.resume(); // it comes back believing it is the primary until the Sentinels demote it
            }
            // The old primary answering again must not draw the client back to it.
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long end = System.nanoTime();
            callers.stop();
            System.out.println("[sentinel] " + callers + ", acknowledged writes lost to asynchronous replication seen by readers: "
                    + callers.lostWritesSeen);

            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(pausedAt, end);
            assertThat(events).filteredOn(RedisEvent.PrimaryChanged.class::isInstance).hasSize(1);
            assertThat(promoted.call("ROLE").toString()).startsWith("[master");
        }
    }

    @Test
    void withOneOfThreeSentinelsDownTheClientStartsAndFollowsAKilledPrimary() throws Exception {
        RedisServer down = deployment.sentinels().get(0);
        deployment.stopSentinel(down);
        try (RedisClient redis = client(options());
             FailoverCallers callers = FailoverCallers.start(redis, "sentinel-down", CALLERS, true)) {
            callers.awaitMoreSuccesses(2_000, RECOVERY);
            long killedAt = System.nanoTime();
            RedisServer killed = deployment.killPrimary();
            deployment.awaitNewPrimary(killed);
            long recoveredAt = callers.awaitEveryCallerWritingAfter(System.nanoTime(), RECOVERY);
            callers.stop();
            System.out.println("[sentinel] " + callers + ", acknowledged writes lost to asynchronous replication seen by readers: "
                    + callers.lostWritesSeen);

            callers.assertEveryReplyWasTheCallersOwn();
            callers.assertFailuresOnlyDeliveryFailuresBetween(killedAt, recoveredAt);
            assertThat(callers.failuresOf(RedisNotSentException.class) + callers.failuresOf(RedisOutcomeUnknownException.class)
                    + callers.failuresOf(RedisTimeoutException.class)).isEqualTo(callers.failures.size());
        }
    }
}
