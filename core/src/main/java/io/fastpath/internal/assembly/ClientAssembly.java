package io.fastpath.internal.assembly;

import io.fastpath.internal.cache.ClientSideCache;
import io.fastpath.internal.client.ClientCore;
import io.fastpath.internal.client.ClientStart;
import io.fastpath.internal.client.ClientObservation;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.ClientSettings;
import io.fastpath.internal.client.ConnectionsPerNode;
import io.fastpath.internal.client.LoneCallerSpin;
import io.fastpath.internal.cluster.ClusterOptions;
import io.fastpath.internal.connection.CommandObserver;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Credentials;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.EventDispatcher;
import io.fastpath.internal.connection.TlsContext;
import io.fastpath.internal.sentinel.SentinelBootstrap;
import io.fastpath.internal.sentinel.SentinelConfig;
import io.netty.channel.EventLoopGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a client's {@link ClientSettings} into a running engine: threads, cache, observer, connection settings, then a
 * standalone, cluster or Sentinel {@link ClientCore}. {@code RedisClientBuilder.build()} validates the options and
 * hands them here as one record, so the engine reads no option from the public builder.
 *
 * <p>Thread ownership: stateless; runs on the thread that builds the client.
 */
public final class ClientAssembly {
    /** Sent as CLIENT SETINFO lib-name on every connection. */
    public static final String LIBRARY_NAME = "fastpath";
    /** Sent as CLIENT SETINFO lib-ver on every connection. */
    public static final String LIBRARY_VERSION = "0.1.0";

    private ClientAssembly() {}

    /** A connected (or, lazily, started) engine and the one-line description {@code RedisClient.toString} shows. */
    public record Assembled(ClientCore core, String description) {}

    /** The engine for {@code settings}; with {@code hostLoops} not null, on those event loops instead of threads of its own. */
    public static Assembled assemble(ClientSettings settings, EventLoopGroup hostLoops) {
        TlsContext tlsContext = tlsContext(settings); // before any thread starts: bad material leaves nothing to close
        LoneCallerSpin callerSpin = new LoneCallerSpin(settings.loneCallerSpin().toNanos());
        ClientResources resources = hostLoops == null
                ? new ClientResources(settings.ioThreads(), settings.completionExecutor(), settings.directCompletion(), callerSpin,
                        settings.callerDrivenIo())
                : ClientResources.hostedOn(hostLoops, settings.completionExecutor(), settings.directCompletion(), callerSpin);
        ClientSideCache cache = settings.cache() == null ? null : new ClientSideCache(settings.cache(), resources.completionExecutor());
        ClientObservation observed = new ClientObservation(settings.host(), settings.port(), settings.database(),
                settings.clientName(), cache);
        CommandObserver observer = CommandObserver.of(settings.commandListener(), settings.slowCommandThreshold(), observed);
        if (observer != null) {
            observer.clientStarted(); // before any connection opens, so a listener can set itself up for this client
            if (cache != null) {
                cache.commandObserver(observer);
            }
        }
        ConnectionSettings connectionSettings = connectionSettings(settings, tlsContext, resources, cache, observer);
        if (settings.sentinel() != null) {
            ClientCore core;
            try {
                core = SentinelBootstrap.connect(SentinelConfig.from(settings, connectionSettings), resources,
                        settings.commandTimeout(), settings.congestionDetour());
            } catch (RuntimeException notConnected) {
                if (observer != null) {
                    observer.clientClosed(); // the listener may drop what it set up for this client
                }
                throw notConnected;
            }
            if (cache != null) {
                core.attachCache(cache);
            }
            return new Assembled(core, core.describe() + ", " + ConnectionsPerNode.server(settings.connectionsPerNode(), settings.callerDrivenIo())
                    + " connections per node, "
                    + resources.transportName());
        }
        Endpoint endpoint = new Endpoint(settings.host(), settings.port());
        List<Endpoint> seeds = new ArrayList<>();
        seeds.add(endpoint);
        seeds.addAll(settings.extraSeeds());
        ClusterOptions clusterOptions = clusterOptions(settings);
        ClientCore core;
        try {
            core = settings.lazyConnect()
                    ? ClientStart.startLazily(endpoint, connectionSettings, resources, settings.connectionsPerNode(),
                            settings.commandTimeout(), settings.congestionDetour())
                    : ClientStart.connect(seeds, connectionSettings, resources, settings.connectionsPerNode(),
                            settings.commandTimeout(), clusterOptions, settings.congestionDetour());
        } catch (RuntimeException notConnected) {
            if (observer != null) {
                observer.clientClosed(); // the listener may drop what it set up for this client
            }
            throw notConnected;
        }
        observed.cluster(core.isCluster());
        if (cache != null) {
            core.attachCache(cache);
        }
        String topology = core.isCluster() ? "cluster via " + endpoint : endpoint.toString();
        int connectionsPerNode = core.isCluster() ? core.cluster().connectionsPerNode()
                : ConnectionsPerNode.server(settings.connectionsPerNode(), settings.callerDrivenIo());
        return new Assembled(core, topology + ", " + connectionsPerNode + " connections per node, "
                + resources.transportName());
    }

    /** The TLS every data connection uses, or null for plain TCP; bad material fails here, so build it before any thread. */
    public static TlsContext tlsContext(ClientSettings settings) {
        return settings.tls() == null ? null : TlsContext.create(settings.tls());
    }

    /** The cluster-only options, as the cluster router reads them. */
    public static ClusterOptions clusterOptions(ClientSettings settings) {
        return new ClusterOptions(settings.readPolicy(), settings.clientZone(), settings.maxRedirects(),
                settings.topologyRefreshPeriod(), settings.redirectsOutsideTopology());
    }

    /**
     * What every data connection of the client shares: the options as given, and the engine objects built for them
     * ({@code tlsContext} from {@link #tlsContext}, the resources' completion executor and loops, the cache's tracking
     * and the observer, either of them null when off). The one place a connection setting is computed.
     */
    public static ConnectionSettings connectionSettings(ClientSettings settings, TlsContext tlsContext,
            ClientResources resources, ClientSideCache cache, CommandObserver observer) {
        EventDispatcher events = settings.eventListener() == null ? EventDispatcher.NONE
                : new EventDispatcher(settings.eventListener(), resources.completionExecutor());
        return new ConnectionSettings(
                new Credentials(settings.username(), settings.password()),
                settings.database(),
                settings.clientName(),
                settings.connectTimeout(),
                settings.replyLimits(),
                settings.maxInFlightPerConnection(),
                settings.maxQueuedWhileDisconnected(),
                resources.completionExecutor(),
                settings.reconnectBackoff(),
                LIBRARY_NAME,
                LIBRARY_VERSION,
                false, // READONLY is the cluster router's choice, from the read policy (ConnectionSettings.withReplicaReads)
                settings.credentialsProvider(),
                events,
                settings.retryReads(),
                settings.pingInterval(),
                settings.effectiveResponseTimeout(),
                settings.blockingConnectionsPerNode(),
                settings.watchConnectionsPerNode(),
                tlsContext,
                cache,
                settings.pubSubQueueBound(),
                settings.pubSubOverflow(),
                observer,
                resources.hosted(),
                settings.maxArgumentBytes());
    }
}
