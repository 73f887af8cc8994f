package io.fastpath.internal.sentinel;

import io.fastpath.ReadPolicy;
import io.fastpath.SentinelOptions;
import io.fastpath.internal.client.ClientSettings;
import io.fastpath.internal.client.ConnectionsPerNode;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Credentials;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.TlsContext;
import java.time.Duration;
import java.util.List;

/**
 * Everything the Sentinel path needs, fixed when the client is built; derived from the client's settings by
 * {@link #from}, the one place a Sentinel option is translated.
 *
 * @param primaryName the name the Sentinels monitor the primary under ({@code mymaster})
 * @param sentinels the Sentinel addresses given by the user; more are learned with SENTINEL SENTINELS
 * @param sentinelSettings connections to the Sentinels: their own credentials and TLS, database 0, no tracking
 * @param dataSettings connections to the primary and replicas, as the user configured them
 * @param connectionsPerNode multiplexed connections per data node
 * @param readPolicy which node serves read-only commands
 * @param clientZone the client's availability zone, null for none; set, each data node's zone is read at its handshakes
 * @param holdDuringFailover hold the primary's commands while a failover is announced (see SentinelOptions)
 * @param maxHoldNanos the longest such a hold lasts without the failover ending
 * @param acknowledgeReplicas replicas that must confirm a write (WAIT) before it is acknowledged; 0 turns it off
 * @param acknowledgeTimeoutMillis WAIT's timeout
 * @param refreshPeriodNanos the safety net: the Sentinels are asked again this often even without events
 * @param commandTimeoutNanos the client's command timeout
 * @param closeGraceNanos how long a retired primary's written commands may take to be answered
 * @param queryTimeoutNanos one Sentinel query or ROLE probe (connect, handshake, reply) at most
 */
public record SentinelConfig(String primaryName, List<Endpoint> sentinels, ConnectionSettings sentinelSettings,
                      ConnectionSettings dataSettings, int connectionsPerNode, ReadPolicy readPolicy, String clientZone,
                      boolean holdDuringFailover, long maxHoldNanos, int acknowledgeReplicas, long acknowledgeTimeoutMillis,
                      long refreshPeriodNanos, long commandTimeoutNanos, long closeGraceNanos, long queryTimeoutNanos) {

    /** The longest a retired primary's written commands wait for their replies, when the command timeout is longer. */
    private static final long MAX_CLOSE_GRACE_NANOS = Duration.ofSeconds(5).toNanos();

    /**
     * The Sentinel path's settings for a client whose {@code settings.sentinel()} is set: the Sentinels get their own
     * credentials and TLS, database 0 and no tracking; {@code data} serves the primary and replicas.
     */
    public static SentinelConfig from(ClientSettings settings, ConnectionSettings data) {
        SentinelOptions sentinel = settings.sentinel();
        Credentials sentinelCredentials = new Credentials(sentinel.username(), sentinel.password());
        ConnectionSettings sentinelSettings = data.forSentinels(sentinelCredentials, sentinel.credentialsProvider(),
                sentinel.tls() == null ? null : TlsContext.create(sentinel.tls()));
        long commandTimeoutNanos = settings.commandTimeout().toNanos();
        return new SentinelConfig(sentinel.primaryName(), settings.sentinelAddresses(), sentinelSettings, data,
                ConnectionsPerNode.server(settings.connectionsPerNode(), settings.callerDrivenIo()), settings.readPolicy(), settings.clientZone(), sentinel.holdDuringFailover(),
                sentinel.maxFailoverHold().toNanos(), sentinel.waitForReplicas(),
                sentinel.waitForReplicasTimeout() == null ? 0 : sentinel.waitForReplicasTimeout().toMillis(),
                sentinel.refreshPeriod().toNanos(), commandTimeoutNanos,
                Math.min(commandTimeoutNanos, MAX_CLOSE_GRACE_NANOS), settings.connectTimeout().toNanos());
    }
}
