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
     * Connects to the first seed that answers. One connection asks first (its handshake says whether the seed is a
     * cluster node): a standalone server then gets the rest of its connections and keeps them all; a cluster node
     * makes the client load the topology and route by slot to every node (the seed's connection is closed: the
     * cluster's are opened with the cluster settings). Fails with the last seed's error.
     * {@code connectionsPerNode} as the user gave it ({@link ConnectionsPerNode#AUTOMATIC}: the default for the topology).
     */
    public static ClientCore connect(List<Endpoint> seeds, ConnectionSettings settings, ClientResources resources,
                                     int connectionsPerNode, Duration commandTimeout, ClusterOptions clusterOptions,
                                     boolean congestionDetour) {
        RuntimeException lastFailure = null;
        for (Endpoint seed : seeds) {
            Connection first;
            try {
                // One, not all: a cluster node's others would be handshaken only to be closed unused.
                first = awaitFirstHandshakes(seed, new Connection[] {sharedConnection(seed, settings, resources, 0)},
                        settings).all()[0];
            } catch (RuntimeException unreachable) {
                lastFailure = unreachable;
                continue;
            }
            ClusterRouter cluster;
            try {
                cluster = ClusterBootstrap.startIfCluster(first, resources, settings,
                        connectionsPerNode, clusterOptions, ClientCore.closeGraceNanos(commandTimeout));
            } catch (RuntimeException notLoaded) {
                discard(first, resources);
                lastFailure = notLoaded;
                continue;
            }
            if (cluster == null) {
                NodeConnections server;
                try {
                    server = withTheRest(seed, first, settings, resources, ConnectionsPerNode.server(connectionsPerNode, resources.callerDrivenIo()));
                } catch (RuntimeException unreachable) {
                    discard(first, resources);
                    lastFailure = unreachable;
                    continue;
                }
                return new ClientCore(resources, new FixedServer(server), null, commandTimeout, settings,
                        new StandalonePubSub(seed, settings, resources, commandTimeout.toNanos()), congestionDetour);
            }
            discard(first, resources);
            return new ClientCore(resources, null, cluster, commandTimeout, settings,
                    new ClusterPubSub(cluster, settings, resources, commandTimeout.toNanos()), congestionDetour);
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
        Connection[] connections = new Connection[ConnectionsPerNode.server(connectionsPerNode, resources.callerDrivenIo())];
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

    /**
     * A standalone server's {@code connectionsPerNode} connections: {@code first}, already up, and the others, started
     * now and awaited like it; on failure those others are closed ({@code first} is the caller's).
     */
    private static NodeConnections withTheRest(Endpoint endpoint, Connection first, ConnectionSettings settings,
                                               ClientResources resources, int connectionsPerNode) {
        Connection[] connections = new Connection[connectionsPerNode];
        connections[0] = first;
        if (connectionsPerNode == 1) {
            return new NodeConnections(connections);
        }
        Connection[] rest = new Connection[connectionsPerNode - 1];
        for (int i = 1; i < connectionsPerNode; i++) {
            rest[i - 1] = sharedConnection(endpoint, settings, resources, i);
        }
        awaitReady(endpoint, rest, settings);
        System.arraycopy(rest, 0, connections, 1, rest.length);
        return new NodeConnections(connections);
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
        awaitReady(endpoint, connections, settings);
        return new NodeConnections(connections);
    }

    /** {@link #awaitFirstHandshakes} for any number of connections (a power of two or not), returning nothing. */
    private static void awaitReady(Endpoint endpoint, Connection[] connections, ConnectionSettings settings) {
        CompletableFuture<?>[] ready = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            ready[i] = connections[i].start();
        }
        try {
            CompletableFuture.allOf(ready).get(settings.connectTimeout().toMillis() * 2 + 1000, TimeUnit.MILLISECONDS);
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

    /** Closes a seed's connection the client does not keep; its caller-driven loop, if any, goes with it. */
    private static void discard(Connection seedConnection, ClientResources resources) {
        Connection[] closed = {seedConnection};
        closeAll(closed, 0).whenComplete((ignored, failure) -> resources.releaseDrivenLoops(closed));
    }

    private static CompletableFuture<Void> closeAll(Connection[] connections, long graceNanos) {
        CompletableFuture<?>[] closed = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            closed[i] = connections[i].close(graceNanos);
        }
        return CompletableFuture.allOf(closed);
    }
}
