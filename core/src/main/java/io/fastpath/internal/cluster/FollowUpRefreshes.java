package io.fastpath.internal.cluster;

import java.util.concurrent.TimeUnit;

/**
 * When a cluster client asks for the topology again, before its periodic refresh, because the last answer left
 * something wrong: a routed primary with no live connection (its replica's promotion is seen within
 * {@link #PRIMARY_DOWN_INTERVAL_NANOS} instead of at the next periodic refresh), or a replica listed outside its shard
 * (connected once a node places it). A condition that lasts is asked about less: a primary that stays down (a shard
 * without replicas, a cluster that does not fail over) after {@link #PRIMARY_DOWN_FAST_NANOS} only every
 * {@link #PRIMARY_DOWN_SLOW_INTERVAL_NANOS}, a replica that stays unplaced after {@link #UNPLACED_REPLICA_FAST_NANOS}
 * only at the periodic refresh: each refresh asks three nodes for the whole topology, which on a cluster of dozens of
 * nodes is no small answer to ask for several times a second forever.
 *
 * <p>Thread ownership: any thread (a refresh ends on whichever event loop answers last); synchronized.
 */
final class FollowUpRefreshes {
    /** Why a refresh's answer calls for another one soon. */
    enum Reason { PRIMARY_DOWN, UNPLACED_REPLICA }

    /** No follow-up: the periodic refresh only. */
    static final long NONE = -1;
    // Benchmark scenario (h), primary kill: without follow-ups the failed shard stayed unroutable ~4.5 s after
    // the promotion (until a backed-off reconnect or the periodic refresh); with them, ~0.3 s.
    static final long PRIMARY_DOWN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    // A promotion starts after cluster-node-timeout (15 s by default) and its election takes a few seconds more.
    static final long PRIMARY_DOWN_FAST_NANOS = TimeUnit.SECONDS.toNanos(60);
    static final long PRIMARY_DOWN_SLOW_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);
    // ClusterStartIT: a replica paused right after it was attached stayed unlisted (so unconnected) until the periodic
    // refresh 30 s later; asking again while an answer leaves a replica unplaced connects it once a node places it.
    static final long UNPLACED_REPLICA_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    static final long UNPLACED_REPLICA_FAST_NANOS = TimeUnit.SECONDS.toNanos(30);

    private Reason lasting;
    private long lastingSinceNanos;

    /**
     * The delay before the next follow-up after a refresh that ended at {@code nowNanos} with {@code reason} (null:
     * nothing wrong), or {@link #NONE}. A reason counts as lasting from the first refresh that found it until one that
     * does not; another reason starts its own count.
     */
    synchronized long next(Reason reason, long nowNanos) {
        if (reason != lasting) {
            lasting = reason;
            lastingSinceNanos = nowNanos;
        }
        if (reason == null) {
            return NONE;
        }
        long lasted = nowNanos - lastingSinceNanos;
        return switch (reason) {
            case PRIMARY_DOWN -> lasted < PRIMARY_DOWN_FAST_NANOS ? PRIMARY_DOWN_INTERVAL_NANOS : PRIMARY_DOWN_SLOW_INTERVAL_NANOS;
            case UNPLACED_REPLICA -> lasted < UNPLACED_REPLICA_FAST_NANOS ? UNPLACED_REPLICA_INTERVAL_NANOS : NONE;
        };
    }
}
