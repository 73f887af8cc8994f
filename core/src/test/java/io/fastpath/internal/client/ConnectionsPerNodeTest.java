package io.fastpath.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionsPerNodeTest {
    @Test
    void aServerGetsFourConnectionsUnlessTheUserGaveACount() {
        assertThat(ConnectionsPerNode.server(ConnectionsPerNode.AUTOMATIC, false)).isEqualTo(4);
        assertThat(ConnectionsPerNode.server(8, false)).isEqualTo(8);
        assertThat(ConnectionsPerNode.server(1, false)).isEqualTo(1);
    }

    @Test
    void aServerWhoseCallersDriveTheLoopsGetsEightConnectionsUnlessTheUserGaveACount() {
        assertThat(ConnectionsPerNode.server(ConnectionsPerNode.AUTOMATIC, true)).isEqualTo(8);
        assertThat(ConnectionsPerNode.server(4, true)).isEqualTo(4);
        assertThat(ConnectionsPerNode.server(1, true)).isEqualTo(1);
    }

    @Test
    void aClusterKeepsFourPerNodeUpToEightNodesThenTwoUpToSixteenThenOne() {
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 1)).isEqualTo(4);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 6)).isEqualTo(4);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 8)).isEqualTo(4);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 9)).isEqualTo(2);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 16)).isEqualTo(2);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 17)).isEqualTo(1);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 64)).isEqualTo(1);
        assertThat(ConnectionsPerNode.clusterNode(ConnectionsPerNode.AUTOMATIC, 1000)).isEqualTo(1);
    }

    @Test
    void aCountTheUserGaveAppliesToEveryClusterSize() {
        assertThat(ConnectionsPerNode.clusterNode(4, 64)).isEqualTo(4);
        assertThat(ConnectionsPerNode.clusterNode(16, 6)).isEqualTo(16);
    }
}
