package io.fastpath.internal.connection;

import io.fastpath.CredentialsProvider;
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
        ClientTracking tracking) {

    /** The same settings with READONLY in the handshake on or off. */
    public ConnectionSettings withReplicaReads(boolean enabled) {
        return new ConnectionSettings(credentials, database, clientName, connectTimeout, limits, maxInFlight,
                maxQueuedWhileDisconnected, completionExecutor, backoff, libraryName, libraryVersion, enabled,
                credentialsProvider, events, retryReads, pingInterval, responseTimeout,
                blockingConnectionsPerNode, watchConnectionsPerNode, tls, tracking);
    }

    /** The same settings without client-side-cache tracking: for connections that never read keys (pub/sub). */
    public ConnectionSettings withoutTracking() {
        return new ConnectionSettings(credentials, database, clientName, connectTimeout, limits, maxInFlight,
                maxQueuedWhileDisconnected, completionExecutor, backoff, libraryName, libraryVersion, replicaReads,
                credentialsProvider, events, retryReads, pingInterval, responseTimeout,
                blockingConnectionsPerNode, watchConnectionsPerNode, tls, null);
    }
}
