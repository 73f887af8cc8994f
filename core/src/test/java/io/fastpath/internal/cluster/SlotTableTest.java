package io.fastpath.internal.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SlotTableTest {
    private final ClientResources resources = new ClientResources(1, null, true);
    private final ConnectionSettings settings =
            TestConnectionSettings.of(RedisClient.builder().connectTimeout(Duration.ofSeconds(1)), resources);

    @AfterEach
    void close() {
        resources.close();
    }

    private ClusterNode node(int port) {
        // Never started: the table only holds nodes, it does not talk to them.
        Connection connection = new Connection(new Endpoint("127.0.0.1", port), settings, resources.nextEventLoop(), resources.channelType());
        return new ClusterNode(new Endpoint("127.0.0.1", port), new NodeConnections(new Connection[] {connection}), new io.fastpath.internal.client.ServerZone());
    }

    @Test
    void aMovedPatchesOnlyItsOwnSlotAndDropsTheSlotsReplicasUntilTheNextRefresh() {
        ClusterNode first = node(7001);
        ClusterNode second = node(7000);
        ClusterNode replica = node(7003);
        SlotTable.ShardRoute firstShard = new SlotTable.ShardRoute(first, new ClusterNode[] {replica});
        SlotTable.ShardRoute[] bySlot = new SlotTable.ShardRoute[SlotHash.SLOT_COUNT];
        for (int slot = 0; slot < bySlot.length; slot++) {
            bySlot[slot] = slot < 8192 ? firstShard : new SlotTable.ShardRoute(second, new ClusterNode[0]);
        }
        SlotTable table = new SlotTable(bySlot);
        assertThat(table.primaries()).containsExactly(second, first); // ordered by address, as SCAN relies on

        table.patch(100, second);

        assertThat(table.route(100).primary()).isSameAs(second);
        assertThat(table.route(100).replicas()).isEmpty();
        assertThat(table.route(99)).isSameAs(firstShard);
        assertThat(table.route(101)).isSameAs(firstShard);
        assertThat(table.allNodes()).containsExactlyInAnyOrder(first, second, replica);
    }
}
