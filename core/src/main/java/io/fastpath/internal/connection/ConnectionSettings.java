package io.fastpath.internal.connection;

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
        ClientTracking tracking) {

    /** The same settings with READONLY in the handshake on or off. */
    public ConnectionSettings withReplicaReads(boolean enabled) {
        return new ConnectionSettings(credentials, database, clientName, connectTimeout, limits, maxInFlight,
                maxQueuedWhileDisconnected, completionExecutor, backoff, libraryName, libraryVersion, enabled, tracking);
    }
}
