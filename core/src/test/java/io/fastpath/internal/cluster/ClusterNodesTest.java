package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The slot table and the node map stay consistent when a MOVED and a refresh race. */
class ClusterNodesTest {
    private static final Endpoint FIRST = new Endpoint("127.0.0.1", 7000);
    private static final Endpoint SECOND = new Endpoint("127.0.0.1", 7001);

    private final ClientResources resources = new ClientResources(1, null, true);
    private final ConnectionSettings settings =
            TestConnectionSettings.of(RedisClient.builder().connectTimeout(Duration.ofSeconds(1)), resources);
    // Nodes of the first applied topology are never started (ClusterRouter.start does that), so no socket is opened.
    private final ClusterNodes nodes = new ClusterNodes(resources, settings, 1, 0, false, () -> { }, command -> { });

    @AfterEach
    void close() {
        nodes.close().join();
        resources.close();
    }

    private static ClusterTopology.Shard shard(int firstSlot, int lastSlot, Endpoint primary, List<Endpoint> replicas) {
        return new ClusterTopology.Shard(List.<int[]>of(new int[] {firstSlot, lastSlot}), primary, replicas);
    }

    @Test
    void aMovedToANodeThatARefreshRetiredAfterTheRedirectLookedItUpLeavesTheSlotWithTheRefreshedOwner() {
        nodes.apply(new ClusterTopology(List.of(shard(0, SlotHash.SLOT_COUNT - 1, FIRST, List.of(SECOND))), Set.of()));
        ClusterNode lookedUpByTheRedirect = nodes.nodeFor(SECOND);
        // The refresh lands between the redirect's lookup and its patch: SECOND left, its connections retire.
        nodes.apply(new ClusterTopology(List.of(shard(0, SlotHash.SLOT_COUNT - 1, FIRST, List.of())), Set.of()));

        nodes.moved(100, lookedUpByTheRedirect);

        // Routing slot 100 to the retired node would hand its commands back to this table, and round again.
        assertThat(nodes.table().route(100).primary().endpoint).isEqualTo(FIRST);
    }

    @Test
    void aMovedToACurrentNodeRoutesItsSlotThereUntilTheNextRefresh() {
        nodes.apply(new ClusterTopology(List.of(shard(0, 8191, FIRST, List.of()),
                shard(8192, SlotHash.SLOT_COUNT - 1, SECOND, List.of())), Set.of()));

        nodes.moved(100, nodes.nodeFor(SECOND));

        assertThat(nodes.table().route(100).primary().endpoint).isEqualTo(SECOND);
        assertThat(nodes.table().route(101).primary().endpoint).isEqualTo(FIRST);
    }
}
