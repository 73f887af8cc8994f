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
        boolean retryReads) {

    /** The same settings with READONLY in the handshake on or off. */
    public ConnectionSettings withReplicaReads(boolean enabled) {
        return new ConnectionSettings(credentials, database, clientName, connectTimeout, limits, maxInFlight,
                maxQueuedWhileDisconnected, completionExecutor, backoff, libraryName, libraryVersion, enabled,
                credentialsProvider, events, retryReads);
    }
}
