package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisClient;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The order in which each read policy picks a shard's node, on fake nodes whose readiness and zone the test sets. */
class ReplicaSelectorTest {
    private static final int PICKS = 200; // random starts: enough picks that every candidate would show up

    private final ClientResources resources = new ClientResources(1, null, true);
    private final ConnectionSettings settings =
            TestConnectionSettings.of(RedisClient.builder().connectTimeout(Duration.ofSeconds(1)), resources);
    private int nextPort = 7000;

    @AfterEach
    void close() {
        resources.close();
    }

    /** A node that is never started: readiness and zone are what the test says. */
    private final class FakeNode extends ServerNode {
        private boolean ready = true;

        FakeNode(String zone) {
            super(new Endpoint("127.0.0.1", nextPort), new NodeConnections(new Connection[] {new Connection(
                    new Endpoint("127.0.0.1", nextPort++), settings, resources.nextEventLoop(), resources.channelType())}),
                    new ServerZone());
            this.zone.reported(zone);
        }

        FakeNode down() {
            ready = false;
            return this;
        }

        @Override
        public boolean isReady() {
            return ready;
        }
    }

    private Set<FakeNode> picks(ReadPolicy policy, String clientZone, FakeNode primary, FakeNode... replicas) {
        Set<FakeNode> picked = new HashSet<>();
        for (int i = 0; i < PICKS; i++) {
            picked.add(ReplicaSelector.select(policy, clientZone, primary, replicas));
        }
        return picked;
    }

    @Test
    void zoneAffinityReadsOnlyFromTheReplicasInTheClientsZone() {
        FakeNode primary = new FakeNode("a");
        FakeNode localOne = new FakeNode("a");
        FakeNode localTwo = new FakeNode("a");
        FakeNode remote = new FakeNode("b");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY, "a", primary, remote, localOne, localTwo)).containsExactlyInAnyOrder(localOne, localTwo);
    }

    @Test
    void zoneAffinityFallsBackToAReplicaOfAnotherZoneBeforeThePrimary() {
        FakeNode primary = new FakeNode("a");
        FakeNode localDown = new FakeNode("a").down();
        FakeNode remote = new FakeNode("b");
        FakeNode noZone = new FakeNode(null);
        assertThat(picks(ReadPolicy.ZONE_AFFINITY, "a", primary, localDown, remote, noZone)).containsExactlyInAnyOrder(remote, noZone);
    }

    @Test
    void zoneAffinityReadsFromThePrimaryWhenNoReplicaIsConnected() {
        FakeNode primary = new FakeNode("b");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY, "a", primary, new FakeNode("a").down(), new FakeNode("b").down()))
                .containsExactly(primary);
    }

    @Test
    void zoneAffinityCountsANodeWithoutAZoneAsAnotherZone() {
        FakeNode primary = new FakeNode(null);
        FakeNode first = new FakeNode(null);
        FakeNode second = new FakeNode(null);
        assertThat(picks(ReadPolicy.ZONE_AFFINITY, "a", primary, first, second)).containsExactlyInAnyOrder(first, second);
    }

    @Test
    void zoneAffinityWithPrimaryPrefersALocalReplicaOverTheLocalPrimary() {
        FakeNode primary = new FakeNode("a");
        FakeNode local = new FakeNode("a");
        FakeNode remote = new FakeNode("b");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, "a", primary, remote, local)).containsExactly(local);
    }

    @Test
    void zoneAffinityWithPrimaryReadsFromTheLocalPrimaryBeforeARemoteReplica() {
        FakeNode primary = new FakeNode("a");
        FakeNode localDown = new FakeNode("a").down();
        FakeNode remote = new FakeNode("b");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, "a", primary, localDown, remote)).containsExactly(primary);
    }

    @Test
    void zoneAffinityWithPrimaryReadsFromARemoteReplicaWhenThePrimaryIsElsewhereOrDown() {
        FakeNode remotePrimary = new FakeNode("b");
        FakeNode remote = new FakeNode("c");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, "a", remotePrimary, remote)).containsExactly(remote);
        FakeNode localPrimaryDown = new FakeNode("a").down();
        assertThat(picks(ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, "a", localPrimaryDown, remote)).containsExactly(remote);
    }

    @Test
    void zoneAffinityWithPrimaryEndsAtThePrimaryWhenNoReplicaIsConnected() {
        FakeNode primary = new FakeNode("b");
        assertThat(picks(ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY, "a", primary, new FakeNode("a").down())).containsExactly(primary);
    }

    @Test
    void replicaPreferredSpreadsOverConnectedReplicasWhateverTheirZone() {
        FakeNode primary = new FakeNode("a");
        FakeNode local = new FakeNode("a");
        FakeNode remote = new FakeNode("b");
        FakeNode down = new FakeNode("a").down();
        assertThat(picks(ReadPolicy.REPLICA_PREFERRED, "a", primary, local, remote, down)).containsExactlyInAnyOrder(local, remote);
        assertThat(picks(ReadPolicy.REPLICA_PREFERRED, null, primary, down)).containsExactly(primary);
    }

    @Test
    void anySpreadsOverThePrimaryAndTheConnectedReplicas() {
        FakeNode primary = new FakeNode(null);
        FakeNode replica = new FakeNode(null);
        FakeNode down = new FakeNode(null).down();
        assertThat(picks(ReadPolicy.ANY, null, primary, replica, down)).containsExactlyInAnyOrder(primary, replica);
    }

    @Test
    void lowestLatencyPicksTheConnectedNodeWithTheShortestRoundTrip() {
        FakeNode primary = new FakeNode(null);
        FakeNode fast = new FakeNode(null);
        FakeNode slow = new FakeNode(null);
        primary.recordLatency(300_000);
        fast.recordLatency(100_000);
        slow.recordLatency(200_000);
        assertThat(picks(ReadPolicy.LOWEST_LATENCY, null, primary, slow, fast)).containsExactly(fast);
        fast.ready = false;
        assertThat(picks(ReadPolicy.LOWEST_LATENCY, null, primary, slow, fast)).containsExactly(slow);
    }

    @Test
    void aShardWithoutReplicasReadsFromItsPrimaryUnderEveryPolicy() {
        FakeNode primary = new FakeNode("b");
        for (ReadPolicy policy : ReadPolicy.values()) {
            assertThat(picks(policy, "a", primary)).as(policy.name()).containsExactly(primary);
        }
    }
}
