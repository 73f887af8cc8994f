package io.fastpath.internal.cluster;

import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Slot to shard, one array entry per slot: a lookup is an array read. The router swaps whole tables
 * after a refresh; a MOVED patches one entry of the current table in place.
 *
 * <p>Thread ownership: any thread reads; event loops patch single entries (MOVED); the list of
 * primaries is immutable.
 */
final class SlotTable {
    /** The nodes serving one slot: its primary and its replicas (possibly none). */
    record ShardRoute(ClusterNode primary, ClusterNode[] replicas) {}

    private final AtomicReferenceArray<ShardRoute> routes = new AtomicReferenceArray<>(SlotHash.SLOT_COUNT);
    /** Distinct primaries ordered by address, so a cluster-wide SCAN visits them in a stable order. */
    private final List<ClusterNode> primaries;

    SlotTable(ShardRoute[] bySlot) {
        Set<ClusterNode> distinct = new LinkedHashSet<>();
        for (int slot = 0; slot < bySlot.length; slot++) {
            routes.setPlain(slot, bySlot[slot]);
            if (bySlot[slot] != null) {
                distinct.add(bySlot[slot].primary());
            }
        }
        List<ClusterNode> sorted = new ArrayList<>(distinct);
        sorted.sort(Comparator.comparing(node -> node.endpoint.toString()));
        this.primaries = List.copyOf(sorted);
    }

    /** The shard serving {@code slot}, or null when no node owns it. */
    ShardRoute route(int slot) {
        return routes.getAcquire(slot);
    }

    /** MOVED: the slot now lives on {@code primary}; its replicas are unknown until the next refresh. */
    void patch(int slot, ClusterNode primary) {
        ShardRoute current = routes.getAcquire(slot);
        if (current == null || current.primary() != primary) {
            routes.setRelease(slot, new ShardRoute(primary, new ClusterNode[0]));
        }
    }

    List<ClusterNode> primaries() {
        return primaries;
    }

    /** Every primary and replica currently routed to, each once. */
    List<ClusterNode> allNodes() {
        Set<ClusterNode> all = new LinkedHashSet<>(primaries);
        for (int slot = 0; slot < SlotHash.SLOT_COUNT; slot++) {
            ShardRoute route = routes.getAcquire(slot);
            if (route != null) {
                all.add(route.primary());
                all.addAll(List.of(route.replicas()));
            }
        }
        return new ArrayList<>(all);
    }
}
