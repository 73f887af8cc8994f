package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.Endpoint;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which of the nodes' answers a refresh applies. */
class TopologyRefresherChoiceTest {
    private static final Endpoint PRIMARY = new Endpoint("10.0.0.1", 7000);
    private static final Endpoint REPLICA = new Endpoint("10.0.0.1", 7001);

    private static ClusterTopology answer(int lastSlot, List<Endpoint> replicas, int unplacedReplicas) {
        return new ClusterTopology(List.of(new ClusterTopology.Shard(List.<int[]>of(new int[] {0, lastSlot}), PRIMARY, replicas)),
                Set.of(), unplacedReplicas);
    }

    @Test
    void ofTwoAnswersCoveringEverySlotTheOneThatPlacesTheReplicaWinsWhicheverCameFirst() {
        ClusterTopology withoutReplica = answer(16383, List.of(), 1);
        ClusterTopology withReplica = answer(16383, List.of(REPLICA), 0);

        assertThat(TopologyRefresher.isBetter(withReplica, withoutReplica)).isTrue();
        assertThat(TopologyRefresher.isBetter(withoutReplica, withReplica)).isFalse();
    }

    @Test
    void anAnswerCoveringMoreSlotsWinsEvenIfItLeavesAReplicaUnplaced() {
        ClusterTopology complete = answer(16383, List.of(), 1);
        ClusterTopology partial = answer(8191, List.of(REPLICA), 0);

        assertThat(TopologyRefresher.isBetter(complete, partial)).isTrue();
        assertThat(TopologyRefresher.isBetter(partial, complete)).isFalse();
    }
}
