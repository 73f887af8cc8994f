package io.fastpath.internal.connection;

import io.fastpath.CredentialsProvider;
import io.fastpath.PubSubOverflow;
import io.fastpath.internal.protocol.RespLimits;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * Everything one connection needs to dial, handshake and bound itself; shared by all connections of a
 * client. It declares no option and no default: {@code internal.assembly.ClientAssembly.connectionSettings} derives
 * it from the client's {@code ClientSettings} (whose options and defaults are {@code RedisClientBuilder}'s) and the
 * engine objects built for them; a component named like a {@code ClientSettings} component carries that option's
 * value ({@code EveryOptionReachesTheEngineTest}).
 *
 * @param credentials the username and password given ({@link Credentials#NONE} without one), used when
 *     {@code credentialsProvider} is null
 * @param completionExecutor where async callers' futures complete; null completes on the I/O thread
 * @param maxInFlightPerConnection queued plus unanswered commands per connection before callers get backpressure
 * @param maxQueuedWhileDisconnected commands held for a reconnect before callers fail fast
 * @param libraryName sent as CLIENT SETINFO lib-name (an engine value, not an option)
 * @param libraryVersion sent as CLIENT SETINFO lib-ver (an engine value, not an option)
 * @param replicaReads send READONLY in the handshake, so a cluster replica serves reads on this connection
 * @param credentialsProvider the user's provider, asked on every (re)connect instead of {@code credentials}
 *     when not null (it may answer asynchronously)
 * @param events where connection and cluster events go (the user's listener, or {@link EventDispatcher#NONE})
 * @param retryReads re-send read-only commands whose connection was lost after they were written
 * @param pingInterval an idle connection sends PING after this long without reading; zero turns it off
 * @param responseTimeout silence while replies are awaited that closes the connection as hung (and its
 *     TCP_USER_TIMEOUT on epoll); zero turns it off. The option's effective value: by default derived from the
 *     command timeout ({@code ClientSettings.effectiveResponseTimeout})
 * @param blockingConnectionsPerNode the bound of each server's pool of connections for blocking commands
 * @param watchConnectionsPerNode the bound of each server's pool of connections for WATCH transactions
 * @param tls TLS for every connection, or null for plain TCP
 * @param tracking the client-side cache's tracking hooks (CLIENT TRACKING in the handshake, invalidations); null when off
 * @param pubSubQueueBound messages one subscription's delivery queue holds at most
 * @param pubSubOverflow what a subscription does when its queue is full
 * @param observer the client's command listener and slow-command log, or null when it observes nothing
 * @param routeByCallingLoop the connections run on a host framework's event loops (internal.hosted): a command sent
 *     from one of them goes to the server's connection on that same loop
 * @param maxArgumentBytes the largest argument (key, value, field...) a command may carry; a larger one is refused
 *     before it is queued ({@code RedisClientBuilder.maxArgumentBytes})
 */
public record ConnectionSettings(
        Credentials credentials,
        int database,
        String clientName,
        Duration connectTimeout,
        RespLimits replyLimits,
        int maxInFlightPerConnection,
        int maxQueuedWhileDisconnected,
        Executor completionExecutor,
        ReconnectBackoff reconnectBackoff,
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

    /** The same settings with READONLY in the handshake on or off. */
    public ConnectionSettings withReplicaReads(boolean enabled) {
        return with(credentials, credentialsProvider, database, tls, tracking, enabled);
    }

    /** The same settings without client-side-cache tracking: for connections that never read keys (pub/sub). */
    public ConnectionSettings withoutTracking() {
        return with(credentials, credentialsProvider, database, tls, null, replicaReads);
    }

    /**
     * The same settings for connections to a Sentinel: its own credentials and TLS, database 0, no READONLY and no
     * tracking (a Sentinel serves no keys).
     */
    public ConnectionSettings forSentinels(Credentials sentinelCredentials, CredentialsProvider sentinelCredentialsProvider,
                                           TlsContext sentinelTls) {
        return with(sentinelCredentials, sentinelCredentialsProvider, 0, sentinelTls, null, false);
    }

    /** These settings with the components a connection to another kind of server, or of another use, changes. */
    private ConnectionSettings with(Credentials newCredentials, CredentialsProvider newCredentialsProvider, int newDatabase,
                                    TlsContext newTls, ClientTracking newTracking, boolean newReplicaReads) {
        return new ConnectionSettings(newCredentials, newDatabase, clientName, connectTimeout, replyLimits,
                maxInFlightPerConnection, maxQueuedWhileDisconnected, completionExecutor, reconnectBackoff, libraryName,
                libraryVersion, newReplicaReads, newCredentialsProvider, events, retryReads, pingInterval, responseTimeout,
                blockingConnectionsPerNode, watchConnectionsPerNode, newTls, newTracking, pubSubQueueBound, pubSubOverflow,
                observer, routeByCallingLoop, maxArgumentBytes);
    }
}
