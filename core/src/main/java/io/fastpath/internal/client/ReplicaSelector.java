package io.fastpath.internal.client;

import io.fastpath.ReadPolicy;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks the server that serves a read-only command under a {@link ReadPolicy} other than PRIMARY, among a
 * primary and its replicas: a cluster shard, or a Sentinel-watched primary and the replicas Sentinel lists.
 * Allocates nothing; the zone policies cost one pass over the replicas with a string comparison each
 * ({@code ReplicaSelectorBenchmark} in the microbenchmarks module).
 */
public final class ReplicaSelector {
    private ReplicaSelector() {}

    /** {@code clientZone} is null unless the builder named one (then no node is in it). */
    public static <N extends ServerNode> N select(ReadPolicy policy, String clientZone, N primary, N[] replicas) {
        if (replicas.length == 0) {
            return primary;
        }
        switch (policy) {
            case REPLICA_PREFERRED: {
                N ready = anyReadyReplica(replicas);
                return ready != null ? ready : primary;
            }
            case ANY: {
                int pick = ThreadLocalRandom.current().nextInt(replicas.length + 1);
                N candidate = pick == replicas.length ? primary : replicas[pick];
                return candidate.isReady() ? candidate : primary;
            }
            case LOWEST_LATENCY: {
                N best = primary;
                for (N replica : replicas) {
                    if (replica.isReady() && replica.latencyNanos() < best.latencyNanos()) {
                        best = replica;
                    }
                }
                return best;
            }
            case ZONE_AFFINITY:
                return inClientZone(clientZone, primary, replicas, false);
            case ZONE_AFFINITY_REPLICAS_AND_PRIMARY:
                return inClientZone(clientZone, primary, replicas, true);
            default:
                return primary;
        }
    }

    /**
     * A connected replica in the client's zone, else (with {@code primaryNext}) the primary if it is in the client's
     * zone and connected, else any connected replica, else the primary.
     */
    private static <N extends ServerNode> N inClientZone(String clientZone, N primary, N[] replicas, boolean primaryNext) {
        int count = replicas.length;
        int index = ThreadLocalRandom.current().nextInt(count); // a random start spreads reads over the zone's replicas
        N fallback = null; // the first connected replica of another zone
        for (int i = 0; i < count; i++, index++) {
            N candidate = replicas[index < count ? index : index - count];
            if (candidate.isReady()) {
                if (candidate.zone.is(clientZone)) {
                    return candidate;
                }
                if (fallback == null) {
                    fallback = candidate;
                }
            }
        }
        if (primaryNext && primary.isReady() && primary.zone.is(clientZone)) {
            return primary;
        }
        return fallback != null ? fallback : primary;
    }

    /** A connected replica, from a random start so reads spread over them; null when none is connected. */
    private static <N extends ServerNode> N anyReadyReplica(N[] replicas) {
        int start = ThreadLocalRandom.current().nextInt(replicas.length);
        for (int i = 0; i < replicas.length; i++) {
            N candidate = replicas[(start + i) % replicas.length];
            if (candidate.isReady()) {
                return candidate;
            }
        }
        return null;
    }
}
