package io.fastpath.internal.client;

/**
 * How many shared connections each server gets. Given ({@code connectionsPerNode(n)}), that many, always. Not given:
 * {@link #DEFAULT} to a standalone or Sentinel-watched server ({@link #CALLER_DRIVEN_DEFAULT} under caller-driven I/O), and on a cluster a total budget of about
 * {@link #CLUSTER_BUDGET} connections shared by its nodes (primaries and replicas alike, counted in the topology read
 * at start-up), each node getting the largest power of two within its share, from 1 to {@link #DEFAULT}: 4 up to
 * 8 nodes, 2 up to 16, 1 from 17 on. Benchmark scenarios f and m (32 primaries): one connection per node was no
 * slower than four, and held a quarter of the connections and heap and started in less time.
 */
public final class ConnectionsPerNode {
    /** {@code ClientSettings.connectionsPerNode} when the user gave none. */
    public static final int AUTOMATIC = 0;
    /** Connections per server when none were given and the server is not part of a large cluster. */
    public static final int DEFAULT = 4;
    /** The connections a cluster's nodes share when none were given per node. */
    public static final int CLUSTER_BUDGET = 32;

    private ConnectionsPerNode() {}

    /**
     * Connections per standalone or Sentinel-watched server when none were given and blocking callers drive the
     * loops themselves ({@code callerDrivenIo}): a connection is then what one caller drives, and with 4 the fifth to
     * eighth of 8 callers wait on another's loop. Benchmark scenario c, 8 callers: 80,734 GETs/s with 8 against
     * 53,339 with 4 (Jedis's pool of 8: 86,222); 64 callers 104,005 against 108,391; 1 to 4 callers drive one each.
     */
    public static final int CALLER_DRIVEN_DEFAULT = 8;

    /**
     * For a standalone or Sentinel-watched server, or a seed before the client knows it is a cluster node;
     * {@code callerDrivenIo}: the client's shared connections get caller-driven loops.
     */
    public static int server(int configured, boolean callerDrivenIo) {
        if (configured != AUTOMATIC) {
            return configured;
        }
        return callerDrivenIo ? CALLER_DRIVEN_DEFAULT : DEFAULT;
    }

    /** For each node of a cluster of {@code nodes} nodes (primaries and replicas). */
    public static int clusterNode(int configured, int nodes) {
        if (configured != AUTOMATIC) {
            return configured;
        }
        int share = Math.max(1, CLUSTER_BUDGET / Math.max(1, nodes));
        return Math.min(DEFAULT, Integer.highestOneBit(share));
    }
}
