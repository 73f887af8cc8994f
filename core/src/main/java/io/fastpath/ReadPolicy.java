package io.fastpath;

/**
 * Which node of a cluster shard (or of a Sentinel-watched primary and its replicas) serves read-only
 * commands (those the server flags {@code readonly}). Writes always go to the primary, and so do the reads
 * that must see the caller's own writes (docs/topologies.md, "Reading from replicas"). Replicas replicate
 * asynchronously, so a read from a replica may return a value older than the last write.
 *
 * <p>The two zone policies need the client's zone ({@link RedisClientBuilder#clientZone}); each node's zone is
 * the {@code availability_zone} its {@code INFO server} reports (Valkey 8.0+ {@code availability-zone}), read at
 * every handshake of its connections. A node that reports none counts as another zone.
 */
public enum ReadPolicy {
    /** Every command goes to the shard's primary (default): reads see every acknowledged write. */
    PRIMARY,
    /** Reads go to a connected replica of the shard, to the primary when none is connected. */
    REPLICA_PREFERRED,
    /** Reads are spread over the primary and its connected replicas. */
    ANY,
    /** Reads go to the shard's node with the lowest measured round trip (measured at each topology refresh). */
    LOWEST_LATENCY,
    /**
     * Reads go to a connected replica in the client's zone, else to any connected replica, else to the primary:
     * reads stay in the zone while a replica there is up (no cross-zone transfer), and leave the primary alone.
     */
    ZONE_AFFINITY,
    /**
     * Reads go to a connected replica in the client's zone, else to the primary if it is in the client's zone
     * (and connected), else to any connected replica, else to the primary: reads stay in the zone whenever any
     * node of the shard is there.
     */
    ZONE_AFFINITY_REPLICAS_AND_PRIMARY
}
