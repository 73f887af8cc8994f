package io.fastpath.internal.cluster;

import io.fastpath.ReadPolicy;
import java.time.Duration;

/**
 * Cluster-only settings, derived from the client's {@code ClientSettings} by {@code ClientAssembly.clusterOptions}
 * (the builder holds their defaults).
 *
 * @param clientZone the client's availability zone, null for none; set, each node's zone is read at its handshakes
 * @param maxRedirects MOVED/ASK redirects one command may follow before it fails
 * @param refreshPeriod the periodic safety-net topology refresh
 * @param redirectsOutsideTopology follow a MOVED/ASK to a node the topology does not list (NAT, proxies)
 *     instead of refreshing first and refusing it when the refreshed topology does not list it either
 */
public record ClusterOptions(ReadPolicy readPolicy, String clientZone, int maxRedirects, Duration refreshPeriod, boolean redirectsOutsideTopology) {}
