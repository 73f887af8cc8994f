package io.fastpath.internal.cluster;

import io.fastpath.ReadPolicy;
import java.util.concurrent.ThreadLocalRandom;

/** Picks the node of one shard that serves a read-only command under a {@link ReadPolicy} other than PRIMARY. */
final class ReplicaSelector {
    private ReplicaSelector() {}

    static ClusterNode select(ReadPolicy policy, SlotTable.ShardRoute route) {
        ClusterNode[] replicas = route.replicas();
        switch (policy) {
            case REPLICA_PREFERRED: {
                int start = ThreadLocalRandom.current().nextInt(replicas.length);
                for (int i = 0; i < replicas.length; i++) {
                    ClusterNode candidate = replicas[(start + i) % replicas.length];
                    if (candidate.isReady()) {
                        return candidate;
                    }
                }
                return route.primary();
            }
            case ANY: {
                int pick = ThreadLocalRandom.current().nextInt(replicas.length + 1);
                ClusterNode candidate = pick == replicas.length ? route.primary() : replicas[pick];
                return candidate.isReady() ? candidate : route.primary();
            }
            case LOWEST_LATENCY: {
                ClusterNode best = route.primary();
                for (ClusterNode replica : replicas) {
                    if (replica.isReady() && replica.latencyNanos < best.latencyNanos) {
                        best = replica;
                    }
                }
                return best;
            }
            default:
                return route.primary();
        }
    }
}
