package io.fastpath.internal.cluster;

import io.fastpath.RedisConnectionException;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.ConnectionsPerNode;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Decides, on a freshly connected seed, whether the client talks to a cluster: the HELLO reply of its
 * handshake says {@code mode: cluster} (no extra round trip), or, for a server without HELLO,
 * {@code INFO cluster} says {@code cluster_enabled:1}. If so it loads the topology and starts a {@link ClusterRouter};
 * otherwise the client stays standalone exactly as before.
 */
public final class ClusterBootstrap {
    private ClusterBootstrap() {}

    /**
     * @param connectionsPerNode as the user gave it ({@link ConnectionsPerNode#AUTOMATIC}: sized to the cluster)
     * @return the router when {@code seed} is a cluster node, null when it is a standalone server (or
     *     does not answer INFO, e.g. a restricted user: standalone is then assumed)
     */
    public static ClusterRouter startIfCluster(Connection seed, ClientResources resources, ConnectionSettings settings,
                                               int connectionsPerNode, ClusterOptions options, long closeGraceNanos) {
        long waitNanos = settings.connectTimeout().toNanos() * 2 + TimeUnit.SECONDS.toNanos(1);
        long deadline = System.nanoTime() + waitNanos;
        boolean cluster;
        try {
            // A server with HELLO says its mode there (a reply without one is not a cluster); only older ones are asked.
            cluster = seed.negotiatedResp3() ? "cluster".equals(seed.serverMode())
                    : ClusterTopologyLoader.isClusterNode(seed, deadline).get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException notAnswered) {
            return null;
        } catch (InterruptedException e) {
            BoundedWait.interrupted(e, "the cluster mode of " + seed.endpoint());
            throw new RedisConnectionException(seed.endpoint().toString(), "interrupted while connecting", e);
        }
        if (!cluster) {
            return null;
        }
        ClusterTopology topology;
        try {
            topology = ClusterTopologyLoader.load(seed, deadline).get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new RedisConnectionException(seed.endpoint().toString(), "cannot load the cluster topology: " + cause, cause);
        } catch (InterruptedException e) {
            BoundedWait.interrupted(e, "the cluster topology from " + seed.endpoint());
            throw new RedisConnectionException(seed.endpoint().toString(), "interrupted while loading the cluster topology", e);
        }
        if (topology.shards().isEmpty()) {
            throw new RedisConnectionException(seed.endpoint().toString(), "the cluster has no node serving slots", null);
        }
        return ClusterRouter.start(topology, resources, settings,
                ConnectionsPerNode.clusterNode(connectionsPerNode, topology.nodeCount()), options, closeGraceNanos, waitNanos);
    }
}
