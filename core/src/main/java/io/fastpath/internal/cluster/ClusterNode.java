package io.fastpath.internal.cluster;

import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.client.ServerNode;
import io.fastpath.internal.connection.Endpoint;

/** One cluster node as the client sees it: its address and its N multiplexed connections. */
final class ClusterNode extends ServerNode {
    ClusterNode(Endpoint endpoint, NodeConnections connections) {
        super(endpoint, connections);
    }
}
