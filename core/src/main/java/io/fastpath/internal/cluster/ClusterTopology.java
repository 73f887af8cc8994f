package io.fastpath.internal.cluster;

import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.util.List;
import java.util.Set;

/**
 * A parsed view of the cluster: each shard's slot ranges, its primary and its healthy replicas.
 *
 * @param shards only shards that own at least one slot
 * @param slotless healthy nodes of shards without slots (e.g. a new node importing its first slots), and
 *     a shard's other online masters during a failover: not routed to, but their open connections are kept
 * @param unplacedReplicas replicas the answering node listed in a shard of their own, without slots or a master: Valkey
 *     8.0 does so until it has the replica's shard id from the replica itself (a replica that was just attached and is
 *     paused or slow), so they are missing from {@link #shards} and a later answer will place them
 */
record ClusterTopology(List<Shard> shards, Set<Endpoint> slotless, int unplacedReplicas) {

    ClusterTopology(List<Shard> shards, Set<Endpoint> slotless) {
        this(shards, slotless, 0);
    }

    /** @param slotRanges pairs of inclusive {start, end} */
    record Shard(List<int[]> slotRanges, Endpoint primary, List<Endpoint> replicas) {}

    /** The nodes the client opens connections to: every shard's primary and replicas (slotless ones are not opened). */
    int nodeCount() {
        int count = 0;
        for (Shard shard : shards) {
            count += 1 + shard.replicas().size();
        }
        return count;
    }

    /** How many of the 16384 slots some shard owns; a complete view covers them all. */
    int coveredSlots() {
        boolean[] covered = new boolean[SlotHash.SLOT_COUNT];
        int count = 0;
        for (Shard shard : shards) {
            for (int[] range : shard.slotRanges()) {
                for (int slot = range[0]; slot <= range[1] && slot < covered.length; slot++) {
                    if (!covered[slot]) {
                        covered[slot] = true;
                        count++;
                    }
                }
            }
        }
        return count;
    }
}
