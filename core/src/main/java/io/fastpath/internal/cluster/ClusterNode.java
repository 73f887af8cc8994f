package io.fastpath.internal.cluster;

import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.client.ServerNode;
import io.fastpath.internal.client.ServerZone;
import io.fastpath.internal.connection.Endpoint;

/** One cluster node as the client sees it: its address, its N multiplexed connections and its zone. */
final class ClusterNode extends ServerNode {
    ClusterNode(Endpoint endpoint, NodeConnections connections, ServerZone zone) {
        super(endpoint, connections, zone);
    }
}
