package io.fastpath.internal.client;

import io.fastpath.ReadPolicy;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks the server that serves a read-only command under a {@link ReadPolicy} other than PRIMARY, among a
 * primary and its replicas: a cluster shard, or a Sentinel-watched primary and the replicas Sentinel lists.
 */
public final class ReplicaSelector {
    private ReplicaSelector() {}

    public static <N extends ServerNode> N select(ReadPolicy policy, N primary, N[] replicas) {
        if (replicas.length == 0) {
            return primary;
        }
        switch (policy) {
            case REPLICA_PREFERRED: {
                int start = ThreadLocalRandom.current().nextInt(replicas.length);
                for (int i = 0; i < replicas.length; i++) {
                    N candidate = replicas[(start + i) % replicas.length];
                    if (candidate.isReady()) {
                        return candidate;
                    }
                }
                return primary;
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
            default:
                return primary;
        }
    }
}
