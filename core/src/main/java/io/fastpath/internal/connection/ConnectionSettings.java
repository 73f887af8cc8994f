package io.fastpath.internal.connection;

import io.fastpath.CredentialsProvider;
import io.fastpath.PubSubOverflow;
import io.fastpath.internal.protocol.RespLimits;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Everything one connection needs to dial, handshake and bound itself; shared by all connections of a
 * client.
 *
 * @param credentials asked on every (re)connect, so rotated secrets are picked up
 * @param completionExecutor where async callers' futures complete; null completes on the I/O thread
 * @param maxInFlight queued plus unanswered commands per connection before callers get backpressure
 * @param maxQueuedWhileDisconnected commands held for a reconnect before callers fail fast
 * @param replicaReads send READONLY in the handshake, so a cluster replica serves reads on this connection
 * @param credentialsProvider the user's provider, asked on every (re)connect instead of {@code credentials}
 *     when not null (it may answer asynchronously)
 * @param events where connection and cluster events go (the user's listener, or {@link EventDispatcher#NONE})
 * @param retryReads re-send read-only commands whose connection was lost after they were written
 * @param pingInterval an idle connection sends PING after this long without reading; zero turns it off
 * @param responseTimeout silence while replies are awaited that closes the connection as hung (and its
 *     TCP_USER_TIMEOUT on epoll); zero turns it off
 * @param blockingConnectionsPerNode the bound of each server's pool of connections for blocking commands
 * @param watchConnectionsPerNode the bound of each server's pool of connections for WATCH transactions
 * @param tls TLS for every connection, or null for plain TCP
 * @param tracking the client-side cache's tracking hooks (CLIENT TRACKING in the handshake, invalidations); null when off
 * @param pubSubQueueBound messages one subscription's delivery queue holds at most
 * @param pubSubOverflow what a subscription does when its queue is full
 * @param observer the client's command listener and slow-command log, or null when it observes nothing
 * @param maxArgumentBytes the largest argument (key, value, field...) a command may carry; a larger one is refused
 *     before it is queued ({@code RedisClientBuilder.maxArgumentBytes})
 * @param routeByCallingLoop the connections run on a host framework's event loops (internal.hosted): a command sent
 *     from one of them goes to the server's connection on that same loop
 */
public record ConnectionSettings(
        Supplier<Credentials> credentials,
        int database,
        String clientName,
        Duration connectTimeout,
        RespLimits limits,
        int maxInFlight,
        int maxQueuedWhileDisconnected,
        Executor completionExecutor,
        ReconnectBackoff backoff,
        String libraryName,
        String libraryVersion,
        boolean replicaReads,
        CredentialsProvider credentialsProvider,
        EventDispatcher events,
        boolean retryReads,
        Duration pingInterval,
        Duration responseTimeout,
        int blockingConnectionsPerNode,
        int watchConnectionsPerNode,
        TlsContext tls,
        ClientTracking tracking,
        int pubSubQueueBound,
        PubSubOverflow pubSubOverflow,
        CommandObserver observer,
        boolean routeByCallingLoop,
        long maxArgumentBytes) {

    /** The server's default {@code proto-max-bulk-len}: 512 MB. */
    public static final long DEFAULT_MAX_ARGUMENT_BYTES = 512L * 1024 * 1024;

    /** Messages one subscription's delivery queue holds by default (docs/pubsub.md). */
    public static final int DEFAULT_PUB_SUB_QUEUE_BOUND = 10_000;

    /** The same settings with READONLY in the handshake on or off. */
    public ConnectionSettings withReplicaReads(boolean enabled) {
        return toBuilder().replicaReads(enabled).build();
    }

    /** The same settings without client-side-cache tracking: for connections that never read keys (pub/sub). */
    public ConnectionSettings withoutTracking() {
        return toBuilder().tracking(null).build();
    }

    /**
     * Settings by name, so a new one is one more method here rather than one more position in every
     * constructor call. The defaults suit tests; a client's settings are derived from its options in one place,
     * {@code internal.assembly.ClientAssembly.connectionSettings}.
     */
    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().credentials(credentials).database(database).clientName(clientName)
                .connectTimeout(connectTimeout).limits(limits).maxInFlight(maxInFlight)
                .maxQueuedWhileDisconnected(maxQueuedWhileDisconnected).completionExecutor(completionExecutor)
                .backoff(backoff).library(libraryName, libraryVersion).replicaReads(replicaReads)
                .credentialsProvider(credentialsProvider).events(events).retryReads(retryReads)
                .pingInterval(pingInterval).responseTimeout(responseTimeout)
                .blockingConnectionsPerNode(blockingConnectionsPerNode).watchConnectionsPerNode(watchConnectionsPerNode)
                .tls(tls).tracking(tracking)
                .pubSubQueue(pubSubQueueBound, pubSubOverflow)
                .observer(observer).routeByCallingLoop(routeByCallingLoop).maxArgumentBytes(maxArgumentBytes);
    }

    /** Builds {@link ConnectionSettings}; see the record's parameters for what each setting means. */
    public static final class Builder {
        private Supplier<Credentials> credentials = () -> Credentials.NONE;
        private long maxArgumentBytes = DEFAULT_MAX_ARGUMENT_BYTES;
        private int database;
        private String clientName;
        private Duration connectTimeout = Duration.ofSeconds(2);
        private RespLimits limits = RespLimits.DEFAULTS;
        private int maxInFlight = 1024;
        private int maxQueuedWhileDisconnected = 1024;
        private Executor completionExecutor;
        private ReconnectBackoff backoff = ReconnectBackoff.DEFAULT;
        private String libraryName = "fastpath";
        private String libraryVersion = "dev";
        private boolean replicaReads;
        private CredentialsProvider credentialsProvider;
        private EventDispatcher events = EventDispatcher.NONE;
        private boolean retryReads = true;
        private Duration pingInterval = Duration.ZERO;
        private Duration responseTimeout = Duration.ZERO;
        private int pubSubQueueBound = DEFAULT_PUB_SUB_QUEUE_BOUND;
        private PubSubOverflow pubSubOverflow = PubSubOverflow.DROP_OLDEST;
        private int blockingConnectionsPerNode = 8;
        private int watchConnectionsPerNode = 4;
        private TlsContext tls;
        private ClientTracking tracking;
        private CommandObserver observer;
        private boolean routeByCallingLoop;

        private Builder() {}

        public Builder routeByCallingLoop(boolean value) {
            routeByCallingLoop = value;
            return this;
        }

        public Builder credentials(Supplier<Credentials> value) {
            credentials = value;
            return this;
        }

        public Builder database(int value) {
            database = value;
            return this;
        }

        public Builder clientName(String value) {
            clientName = value;
            return this;
        }

        public Builder connectTimeout(Duration value) {
            connectTimeout = value;
            return this;
        }

        public Builder limits(RespLimits value) {
            limits = value;
            return this;
        }

        public Builder maxInFlight(int value) {
            maxInFlight = value;
            return this;
        }

        public Builder maxQueuedWhileDisconnected(int value) {
            maxQueuedWhileDisconnected = value;
            return this;
        }

        public Builder completionExecutor(Executor value) {
            completionExecutor = value;
            return this;
        }

        public Builder backoff(ReconnectBackoff value) {
            backoff = value;
            return this;
        }

        /** The name and version sent with CLIENT SETINFO. */
        public Builder library(String name, String version) {
            libraryName = name;
            libraryVersion = version;
            return this;
        }

        public Builder replicaReads(boolean value) {
            replicaReads = value;
            return this;
        }

        public Builder credentialsProvider(CredentialsProvider value) {
            credentialsProvider = value;
            return this;
        }

        public Builder events(EventDispatcher value) {
            events = value;
            return this;
        }

        public Builder retryReads(boolean value) {
            retryReads = value;
            return this;
        }

        public Builder pingInterval(Duration value) {
            pingInterval = value;
            return this;
        }

        public Builder responseTimeout(Duration value) {
            responseTimeout = value;
            return this;
        }

        public Builder blockingConnectionsPerNode(int value) {
            blockingConnectionsPerNode = value;
            return this;
        }

        public Builder watchConnectionsPerNode(int value) {
            watchConnectionsPerNode = value;
            return this;
        }

        public Builder tls(TlsContext value) {
            tls = value;
            return this;
        }

        public Builder tracking(ClientTracking value) {
            tracking = value;
            return this;
        }

        public Builder pubSubQueue(int bound, PubSubOverflow overflow) {
            pubSubQueueBound = bound;
            pubSubOverflow = overflow;
            return this;
        }

        public Builder maxArgumentBytes(long value) {
            maxArgumentBytes = value;
            return this;
        }

        public Builder observer(CommandObserver value) {
            observer = value;
            return this;
        }

        public ConnectionSettings build() {
            return new ConnectionSettings(credentials, database, clientName, connectTimeout, limits, maxInFlight,
                    maxQueuedWhileDisconnected, completionExecutor, backoff, libraryName, libraryVersion, replicaReads,
                    credentialsProvider, events, retryReads, pingInterval, responseTimeout,
                    blockingConnectionsPerNode, watchConnectionsPerNode, tls, tracking, pubSubQueueBound, pubSubOverflow,
                    observer, routeByCallingLoop, maxArgumentBytes);
        }
    }
}
