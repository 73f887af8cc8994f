package io.fastpath.internal.sentinel;

import io.fastpath.ReadPolicy;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import java.util.List;

/**
 * Everything the Sentinel path needs, fixed when the client is built.
 *
 * @param primaryName the name the Sentinels monitor the primary under ({@code mymaster})
 * @param sentinels the Sentinel addresses given by the user; more are learned with SENTINEL SENTINELS
 * @param sentinelSettings connections to the Sentinels: their own credentials and TLS, database 0, no tracking
 * @param dataSettings connections to the primary and replicas, as the user configured them
 * @param connectionsPerNode multiplexed connections per data node
 * @param readPolicy which node serves read-only commands
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
                      ConnectionSettings dataSettings, int connectionsPerNode, ReadPolicy readPolicy,
                      boolean holdDuringFailover, long maxHoldNanos, int acknowledgeReplicas, long acknowledgeTimeoutMillis,
                      long refreshPeriodNanos, long commandTimeoutNanos, long closeGraceNanos, long queryTimeoutNanos) {
}
