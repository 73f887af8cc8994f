package io.fastpath.internal.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.Eventually;
import io.fastpath.ObservedConnection;
import io.fastpath.RedisClient;
import io.fastpath.RedisEvent;
import io.fastpath.SentinelOptions;
import io.fastpath.Teardown;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two failovers in a row, against scripted Sentinels and data nodes whose events and replies come in an order each
 * test fixes: the monitor must keep holding the commands while any Sentinel still announces a failover of the primary
 * they would be written to, so none reaches a primary that is being replaced (its acknowledged writes would be lost).
 * Each test pins one part of that wiring in {@link SentinelMonitor}; {@link FailoverHoldTest} pins the hold's rules.
 */
class SentinelMonitorDoubleFailoverProtocolTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ScriptedDeployment deployment = new ScriptedDeployment();
    private final List<RedisEvent> events = new CopyOnWriteArrayList<>();
    private final List<ObservedConnection> connections = new CopyOnWriteArrayList<>();
    private ScriptedDataNode original;
    private ScriptedDataNode first;
    private ScriptedDataNode second;
    private ScriptedSentinel sentinelA;
    private ScriptedSentinel sentinelB;
    private RedisClient redis;

    @BeforeEach
    void startDeploymentAndClient() throws Exception {
        original = deployment.dataNode();
        first = deployment.dataNode();
        second = deployment.dataNode();
        sentinelA = deployment.sentinel();
        sentinelB = deployment.sentinel();
        // The hold's bound and the safety net's period lie beyond any test; the resolves that run anyway (lost
        // connections, the first look a second after start) find what the script's Sentinels name at that moment.
        SentinelOptions options = SentinelOptions.of(ScriptedDeployment.NAME, sentinelA.endpoint(), sentinelB.endpoint())
                .maxFailoverHold(Duration.ofMinutes(1)).refreshPeriod(Duration.ofMinutes(10));
        // The ROLE probe a test holds in flight must not time out meanwhile (the connect timeout bounds it).
        redis = RedisClient.builder().sentinel(options).connectionsPerNode(1).commandTimeout(Duration.ofMinutes(1))
                .connectTimeout(Duration.ofSeconds(30)).eventListener(events::add)
                .commandListener(new CommandListener() {
                    @Override
                    public void connectionOpened(ObservedConnection connection) {
                        connections.add(connection);
                    }
                })
                .build();
        assertThat(redis.async().incr("before").get(10, TimeUnit.SECONDS)).isEqualTo((long) original.port());
    }

    @AfterEach
    void closeClientAndDeployment() throws Exception {
        Teardown.closeAll(redis, deployment);
    }

    @Test
    void aLateSwitchMasterNamingTheCurrentPrimaryEndsOnlyItsOwnSentinelsAnnouncementNotTheNextFailovers() throws Exception {
        // The first failover, announced and led by A: the held write follows it to the promoted replica.
        sentinelA.publish(SentinelEvent.TRY_FAILOVER, "master " + ScriptedDeployment.NAME + " " + original.address());
        awaitEvent("A's +try-failover holds the commands", RedisEvent.FailoverAnnounced.class,
                announced -> announced.sentinel().equals(sentinelA.endpoint()));
        CompletableFuture<Long> heldThroughTheFirst = redis.async().incr("first");
        deployment.promote(first);
        sentinelA.publish(SentinelEvent.SWITCH_MASTER, switchMaster(original, first));
        assertThat(heldThroughTheFirst.get(10, TimeUnit.SECONDS)).isEqualTo((long) first.port());

        // A fails the promoted replica over in turn, and B's own +switch-master of the first failover comes late.
        sentinelA.publish(SentinelEvent.TRY_FAILOVER, "master " + ScriptedDeployment.NAME + " " + first.address());
        awaitEvent("A's +try-failover of the promoted replica holds the commands", RedisEvent.FailoverAnnounced.class,
                announced -> announced.primary().equals(first.endpoint()));
        CompletableFuture<Long> heldThroughTheSecond = redis.async().incr("second");
        sentinelB.publish(SentinelEvent.SWITCH_MASTER, switchMaster(original, first));
        deployment.eventsHandled(sentinelB); // B's late word was handled before the second failover's outcome

        deployment.promote(second);
        sentinelA.publish(SentinelEvent.SWITCH_MASTER, switchMaster(first, second));
        assertThat(heldThroughTheSecond.get(10, TimeUnit.SECONDS)).as("the node that wrote the write held by A's second failover")
                .isEqualTo((long) second.port());
        assertThat(first.incremented()).containsExactly("first");
        assertThat(events).noneMatch(RedisEvent.FailoverEnded.class::isInstance);
    }

    @Test
    void aFailoverOfTheReplicaTheClientIsStillMovingToHoldsItsCommandsUntilItsOutcome() throws Exception {
        CompletableFuture<Long> held = switchToFirstWhileSentinelBAnnouncesAFailoverOfIt();
        assertThat(held).isNotDone();

        sentinelB.publish(SentinelEvent.ABORT_NOT_ELECTED, "master " + ScriptedDeployment.NAME + " " + first.address());
        assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo((long) first.port());
        awaitEvent("B's abort ends the hold", RedisEvent.FailoverEnded.class,
                ended -> ended.reason().contains(SentinelEvent.ABORT_NOT_ELECTED));
    }

    @Test
    void afterTheHandOverTheNewPrimarysConnectionsStayHeldWhileAFailoverOfItIsAnnounced() throws Exception {
        CompletableFuture<Long> held = switchToFirstWhileSentinelBAnnouncesAFailoverOfIt();

        // The hand-over moved the held write to the new primary's connection, which is ready and must not write it.
        Eventually.awaitTrue("the held INCR waits on a ready connection to " + first.endpoint(), this::heldOnFirst, WAIT);
        deployment.eventsHandled(sentinelB); // the monitor's step after the hand-over ran before this
        assertThat(heldOnFirst()).as("the held INCR still waits on a ready connection to the new primary").isTrue();
        assertThat(first.incremented()).isEmpty();

        deployment.promote(second);
        sentinelB.publish(SentinelEvent.SWITCH_MASTER, switchMaster(first, second));
        assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo((long) second.port());
        assertThat(first.incremented()).isEmpty();
    }

    /**
     * A names the first promoted replica ({@code +switch-master}; its earlier announcements were missed), and B starts
     * failing that replica over while the client still checks its ROLE. Returns a write sent once B's announcement held
     * the commands, after the client moved to the replica.
     */
    private CompletableFuture<Long> switchToFirstWhileSentinelBAnnouncesAFailoverOfIt() throws Exception {
        first.holdRoleReplies();
        deployment.promote(first);
        sentinelA.publish(SentinelEvent.SWITCH_MASTER, switchMaster(original, first));
        deployment.eventsHandled(sentinelA); // the client's ROLE probe of the replica is in flight
        sentinelB.publish(SentinelEvent.TRY_FAILOVER, "master " + ScriptedDeployment.NAME + " " + first.address());
        awaitEvent("B's +try-failover of the replica being checked holds the commands", RedisEvent.FailoverAnnounced.class,
                announced -> announced.sentinel().equals(sentinelB.endpoint()));
        CompletableFuture<Long> held = redis.async().incr("held");
        first.answerRole();
        awaitEvent("the client moved to the replica", RedisEvent.PrimaryChanged.class,
                changed -> changed.to().equals(first.endpoint()));
        return held;
    }

    private boolean heldOnFirst() {
        return connections.stream().anyMatch(connection -> connection.node().equals(first.endpoint())
                && connection.state().equals("ready") && connection.queuedCommands() == 1);
    }

    private static String switchMaster(ScriptedDataNode from, ScriptedDataNode to) {
        return ScriptedDeployment.NAME + " " + from.address() + " " + to.address();
    }

    private <T extends RedisEvent> T awaitEvent(String what, Class<T> type, Predicate<T> matching) {
        return Eventually.await(what + " (" + type.getSimpleName() + ")", () -> events.stream()
                .filter(type::isInstance).map(type::cast).filter(matching).findFirst().orElse(null),
                event -> event != null, WAIT);
    }
}
