package io.fastpath;

/**
 * Which node of a cluster shard serves read-only commands (those the server flags {@code readonly}).
 * Writes always go to the primary. Replicas replicate asynchronously, so a read from a replica may
 * return a value older than the last write.
 */
public enum ReadPolicy {
    /** Every command goes to the shard's primary (default): reads see every acknowledged write. */
    PRIMARY,
    /** Reads go to a connected replica of the shard, to the primary when none is connected. */
    REPLICA_PREFERRED,
    /** Reads are spread over the primary and its connected replicas. */
    ANY,
    /** Reads go to the shard's node with the lowest measured round trip (measured at each topology refresh). */
    LOWEST_LATENCY
}
