package io.fastpath.internal.assembly;

import io.fastpath.internal.cache.ClientSideCache;
import io.fastpath.internal.client.ClientCore;
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
 * hands them here as one record, so no internal class needs the public builder.
 *
 * <p>Thread ownership: stateless; runs on the thread that builds the client.
 */
public final class ClientAssembly {
    /** Sent as CLIENT SETINFO lib-ver on every connection. */
    public static final String LIBRARY_VERSION = "0.1.0";

    private ClientAssembly() {}

    /** A connected (or, lazily, started) engine and the one-line description {@code RedisClient.toString} shows. */
    public record Assembled(ClientCore core, String description) {}

    /** The engine for {@code settings}; with {@code hostLoops} not null, on those event loops instead of threads of its own. */
    public static Assembled assemble(ClientSettings settings, EventLoopGroup hostLoops) {
        Credentials credentials = new Credentials(settings.username(), settings.password());
        // bad material fails here, before any thread starts
        TlsContext tlsContext = settings.tls() == null ? null : TlsContext.create(settings.tls());
        LoneCallerSpin callerSpin = new LoneCallerSpin(settings.loneCallerSpin().toNanos());
        ClientResources resources = hostLoops == null
                ? new ClientResources(settings.ioThreads(), settings.completionExecutor(), settings.directCompletion(), callerSpin)
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
        ConnectionSettings connectionSettings = connectionSettings(settings, credentials, tlsContext, resources, cache, observer);
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
            return new Assembled(core, core.describe() + ", " + ConnectionsPerNode.server(settings.connectionsPerNode())
                    + " connections per node, "
                    + resources.transportName());
        }
        Endpoint endpoint = new Endpoint(settings.host(), settings.port());
        List<Endpoint> seeds = new ArrayList<>();
        seeds.add(endpoint);
        seeds.addAll(settings.extraSeeds());
        ClusterOptions clusterOptions = new ClusterOptions(settings.readPolicy(), settings.clientZone(), settings.maxRedirects(),
                settings.topologyRefreshPeriod(), settings.redirectsOutsideTopology());
        ClientCore core;
        try {
            core = settings.lazyConnect()
                    ? ClientCore.startLazily(endpoint, connectionSettings, resources, settings.connectionsPerNode(),
                            settings.commandTimeout(), settings.congestionDetour())
                    : ClientCore.connect(seeds, connectionSettings, resources, settings.connectionsPerNode(),
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
                : ConnectionsPerNode.server(settings.connectionsPerNode());
        return new Assembled(core, topology + ", " + connectionsPerNode + " connections per node, "
                + resources.transportName());
    }

    /** What every data connection of the client shares, derived from the settings and the resources built for them. */
    static ConnectionSettings connectionSettings(ClientSettings settings, Credentials credentials, TlsContext tlsContext,
            ClientResources resources, ClientSideCache cache, CommandObserver observer) {
        return ConnectionSettings.builder()
                .credentials(() -> credentials)
                .database(settings.database())
                .clientName(settings.clientName())
                .connectTimeout(settings.connectTimeout())
                .limits(settings.replyLimits())
                .maxInFlight(settings.maxInFlightPerConnection())
                .maxArgumentBytes(settings.maxArgumentBytes())
                .maxQueuedWhileDisconnected(settings.maxQueuedWhileDisconnected())
                .completionExecutor(resources.completionExecutor())
                .backoff(settings.reconnectBackoff())
                .library("fastpath", LIBRARY_VERSION)
                .credentialsProvider(settings.credentialsProvider())
                .events(settings.eventListener() == null ? EventDispatcher.NONE
                        : new EventDispatcher(settings.eventListener(), resources.completionExecutor()))
                .retryReads(settings.retryReads())
                .pingInterval(settings.pingInterval())
                .responseTimeout(settings.effectiveResponseTimeout())
                .blockingConnectionsPerNode(settings.blockingConnectionsPerNode())
                .watchConnectionsPerNode(settings.watchConnectionsPerNode())
                .tls(tlsContext)
                .tracking(cache)
                .pubSubQueue(settings.pubSubQueueBound(), settings.pubSubOverflow())
                .observer(observer)
                .routeByCallingLoop(resources.hosted())
                .build();
    }
}
