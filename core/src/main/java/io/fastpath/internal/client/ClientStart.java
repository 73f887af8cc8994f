package io.fastpath.internal.client;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisException;
import io.fastpath.internal.cluster.ClusterBootstrap;
import io.fastpath.internal.cluster.ClusterOptions;
import io.fastpath.internal.cluster.ClusterRouter;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.pubsub.ClusterPubSub;
import io.fastpath.internal.pubsub.StandalonePubSub;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Builds a {@link ClientCore} for what the client talks to: the first seed that answers (a standalone server, or a
 * cluster whose topology it serves), a standalone server connected lazily, or servers Sentinel names; and opens a
 * node's first connections. Stateless; runs on the thread that builds the client (Sentinel: also its monitor).
 */
public final class ClientStart {
    private ClientStart() {}

    /**
     * Connects to the first seed that answers. A standalone server keeps those connections; a cluster node
     * makes the client load the topology and route by slot to every node (the seed's own connections are
     * closed: the cluster's are opened with the cluster settings). Fails with the last seed's error.
     * {@code connectionsPerNode} as the user gave it ({@link ConnectionsPerNode#AUTOMATIC}: the default for the topology).
     */
    public static ClientCore connect(List<Endpoint> seeds, ConnectionSettings settings, ClientResources resources,
                                     int connectionsPerNode, Duration commandTimeout, ClusterOptions clusterOptions,
                                     boolean congestionDetour) {
        RuntimeException lastFailure = null;
        for (Endpoint seed : seeds) {
            NodeConnections seedNode;
            try {
                seedNode = connectNode(seed, settings, resources, ConnectionsPerNode.server(connectionsPerNode));
            } catch (RuntimeException unreachable) {
                lastFailure = unreachable;
                continue;
            }
            try {
                ClusterRouter cluster = ClusterBootstrap.startIfCluster(seedNode.all()[0], resources, settings,
                        connectionsPerNode, clusterOptions, ClientCore.closeGraceNanos(commandTimeout));
                if (cluster == null) {
                    return new ClientCore(resources, new FixedServer(seedNode), null, commandTimeout, settings,
                            new StandalonePubSub(seed, settings, resources, commandTimeout.toNanos()), congestionDetour);
                }
                Connection[] seedConnections = seedNode.all();
                // Their caller-driven loops, if any, go with them: nothing sends there any more
                closeAll(seedConnections, 0).whenComplete((ignored, failure) -> resources.releaseDrivenLoops(seedConnections));
                return new ClientCore(resources, null, cluster, commandTimeout, settings,
                        new ClusterPubSub(cluster, settings, resources, commandTimeout.toNanos()), congestionDetour);
            } catch (RuntimeException notLoaded) {
                Connection[] seedConnections = seedNode.all();
                closeAll(seedConnections, 0).whenComplete((ignored, failure) -> resources.releaseDrivenLoops(seedConnections));
                lastFailure = notLoaded;
            }
        }
        resources.close();
        throw lastFailure != null ? lastFailure : new RedisArgumentException("at least one server address is needed");
    }

    /**
     * {@code lazyConnect()}: the standalone server's connections start connecting in the background and this
     * returns at once. Commands wait for the first handshake within their deadline (then fail with
     * {@code RedisNotSentException}). A cluster node is refused at every handshake: a cluster client's shape
     * (slot table, a connection set per node) comes from the seed's topology, which is unknown until it answers.
     */
    public static ClientCore startLazily(Endpoint endpoint, ConnectionSettings settings, ClientResources resources,
                                         int connectionsPerNode, Duration commandTimeout, boolean congestionDetour) {
        Connection[] connections = new Connection[ConnectionsPerNode.server(connectionsPerNode)];
        for (int i = 0; i < connections.length; i++) {
            Connection connection = sharedConnection(endpoint, settings, resources, i);
            connection.handshakeExtension(writer -> refuseClusterNode(connection));
            connections[i] = connection;
            connection.start(); // nobody waits: a failed first connect is retried with backoff like any reconnect
        }
        return new ClientCore(resources, new FixedServer(new NodeConnections(connections)), null, commandTimeout, settings,
                new StandalonePubSub(endpoint, settings, resources, commandTimeout.toNanos()), congestionDetour);
    }

    /**
     * A client over servers found by other means (Sentinel): commands go wherever {@code servers} says at
     * the moment they are sent; pub/sub starts on its primary and follows it when it changes.
     */
    public static ClientCore over(StandaloneServers servers, ConnectionSettings settings, ClientResources resources,
                                  Duration commandTimeout, boolean congestionDetour) {
        return new ClientCore(resources, servers, null, commandTimeout, settings,
                new StandalonePubSub(servers.primary().endpoint(), settings, resources, commandTimeout.toNanos()),
                congestionDetour);
    }

    private static CompletableFuture<?> refuseClusterNode(Connection connection) {
        if (!"cluster".equals(connection.serverMode())) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.failedFuture(new RedisConnectionException(connection.endpoint().toString(),
                "this server is a cluster node, and lazyConnect() serves a standalone server only (a cluster client needs"
                        + " the topology before it can route); build the client without lazyConnect()", null));
    }

    private static NodeConnections connectNode(Endpoint endpoint, ConnectionSettings settings, ClientResources resources,
                                               int connectionsPerNode) {
        Connection[] connections = new Connection[connectionsPerNode];
        for (int i = 0; i < connectionsPerNode; i++) {
            connections[i] = sharedConnection(endpoint, settings, resources, i);
        }
        return awaitFirstHandshakes(endpoint, connections, settings);
    }

    /** A standalone server's {@code index}-th shared connection (see {@link ClientResources#sharedConnection}). */
    private static Connection sharedConnection(Endpoint endpoint, ConnectionSettings settings, ClientResources resources, int index) {
        return resources.sharedConnection(endpoint, settings, index);
    }

    /**
     * Starts {@code connections} (all to {@code endpoint}) and waits, bounded by twice the connect timeout
     * plus a second, until each has finished its first handshake; on failure closes them and throws
     * {@code RedisConnectionException} (or the handshake's own {@code RedisException}).
     */
    public static NodeConnections awaitFirstHandshakes(Endpoint endpoint, Connection[] connections, ConnectionSettings settings) {
        CompletableFuture<?>[] ready = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            ready[i] = connections[i].start();
        }
        try {
            CompletableFuture.allOf(ready).get(settings.connectTimeout().toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
            return new NodeConnections(connections);
        } catch (ExecutionException e) {
            closeAll(connections, 0);
            Throwable cause = e.getCause();
            if (cause instanceof RedisException redis) {
                throw redis;
            }
            throw new RedisConnectionException(endpoint.toString(), "cannot connect: " + cause, cause);
        } catch (TimeoutException e) {
            closeAll(connections, 0);
            throw new RedisConnectionException(endpoint.toString(), "the connection was not ready within the connect timeout", e);
        } catch (InterruptedException e) {
            BoundedWait.interrupted(e, "the first connection to " + endpoint);
            closeAll(connections, 0);
            throw new RedisConnectionException(endpoint.toString(), "interrupted while connecting", e);
        }
    }

    private static CompletableFuture<Void> closeAll(Connection[] connections, long graceNanos) {
        CompletableFuture<?>[] closed = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            closed[i] = connections[i].close(graceNanos);
        }
        return CompletableFuture.allOf(closed);
    }
}
