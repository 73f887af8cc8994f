package io.fastpath.internal.cluster;

import io.fastpath.RedisEvent;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.client.ServerZone;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The nodes the client has connections to and the slot table that routes to them. A refresh applies a
 * new topology: nodes it names get connections, nodes it no longer names are retired (in-flight
 * commands finish, never-written ones are handed off), and a new table is swapped in.
 *
 * <p>Thread ownership: any thread reads the table and the node map; changes (refresh, a redirect to an
 * unknown node) hold {@link #lock}.
 */
final class ClusterNodes {
    // Immutable.
    private final ClientResources resources;
    private final ConnectionSettings settings;
    private final int connectionsPerNode;
    private final long closeGraceNanos;
    /** Each node's zone is read at every handshake of its connections (a client zone was given). */
    private final boolean learnZones;
    private final Runnable requestRefresh;
    private final Consumer<CommandFuture<?>> handOff;

    // Any thread reads; apply swaps it and MOVED patches entries.
    private volatile SlotTable table;
    /** Every node with connections; apply and redirects to unknown nodes add, apply removes. */
    private final Map<Endpoint, ClusterNode> nodes = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private volatile boolean closed;
    /** Told after every applied topology (pub/sub moves shard channels to their new owners). */
    private volatile Runnable appliedListener = () -> { };
    /** Told of each node an apply retired (its blocking and WATCH pools close); under {@link #lock}. */
    private volatile Consumer<Endpoint> retiredListener = endpoint -> { };

    ClusterNodes(ClientResources resources, ConnectionSettings settings, int connectionsPerNode, long closeGraceNanos,
                 boolean learnZones, Runnable requestRefresh, Consumer<CommandFuture<?>> handOff) {
        this.resources = resources;
        this.settings = settings;
        this.connectionsPerNode = connectionsPerNode;
        this.closeGraceNanos = closeGraceNanos;
        this.learnZones = learnZones;
        this.requestRefresh = requestRefresh;
        this.handOff = handOff;
    }

    SlotTable table() {
        return table;
    }

    /** The node at {@code endpoint} when the topology (or a redirect allowed outside it) gave it connections; null otherwise. */
    ClusterNode known(Endpoint endpoint) {
        return nodes.get(endpoint);
    }

    /**
     * The node at {@code endpoint}, opening connections to it when it is new; a redirect to an unknown node
     * asks for a refresh. Only for nodes the topology lists, or with {@code redirectsOutsideTopology} on:
     * opening a connection sends the credentials.
     */
    ClusterNode nodeFor(Endpoint endpoint) {
        return nodeFor(endpoint, true);
    }

    private ClusterNode nodeFor(Endpoint endpoint, boolean refreshIfNew) {
        ClusterNode known = nodes.get(endpoint);
        if (known != null) {
            return known;
        }
        synchronized (lock) {
            ClusterNode node = nodes.get(endpoint);
            if (node == null) {
                node = openNode(endpoint);
                nodes.put(endpoint, node);
                if (table != null) { // at start-up, ClusterRouter.start starts them and waits
                    for (Connection connection : node.connections.all()) {
                        connection.start();
                    }
                    if (refreshIfNew) {
                        requestRefresh.run();
                    }
                }
            }
            return node;
        }
    }

    private ClusterNode openNode(Endpoint endpoint) {
        Connection[] connections = new Connection[connectionsPerNode];
        ServerZone zone = new ServerZone();
        long zoneTimeoutNanos = Math.max(TimeUnit.SECONDS.toNanos(1), settings.connectTimeout().toNanos());
        for (int i = 0; i < connectionsPerNode; i++) {
            connections[i] = resources.sharedConnection(endpoint, settings, i); // caller-driven loops under callerDrivenIo
            connections[i].disconnectListener(requestRefresh);
            if (learnZones) {
                connections[i].handshakeExtension(zone.probe(connections[i], zoneTimeoutNanos, null));
            }
        }
        return new ClusterNode(endpoint, new NodeConnections(connections), zone);
    }

    /**
     * MOVED: routes {@code slot} to {@code node} until the next refresh, unless {@code node} is no longer
     * one of the client's nodes (a refresh retired it after the redirect looked it up). The check and the
     * patch hold the lock {@link #apply} holds, so the table never routes to a retired node: a retired
     * node hands its commands back to the table, and a table pointing at it again would loop.
     */
    void moved(int slot, ClusterNode node) {
        synchronized (lock) {
            SlotTable current = table;
            if (current == null || nodes.get(node.endpoint) != node) {
                return;
            }
            SlotTable.ShardRoute before = current.route(slot);
            current.patch(slot, node);
            if (before != null && before.primary() != node) {
                slotsMovedAway(before.primary()); // its cached entries may cover that slot
            }
        }
    }

    void appliedListener(Runnable listener) {
        this.appliedListener = listener;
    }

    void retiredListener(Consumer<Endpoint> listener) {
        this.retiredListener = listener;
    }

    /** Swaps in a table built from {@code topology}; nodes that left are retired. */
    void apply(ClusterTopology topology) {
        if (closed || topology.shards().isEmpty()) {
            return;
        }
        applyLocked(topology);
        appliedListener.run(); // outside the lock: the listener may route commands
    }

    private void applyLocked(ClusterTopology topology) {
        synchronized (lock) {
            Set<Endpoint> before = new HashSet<>(nodes.keySet());
            SlotTable.ShardRoute[] bySlot = new SlotTable.ShardRoute[SlotHash.SLOT_COUNT];
            Set<Endpoint> wanted = new HashSet<>(topology.slotless()); // kept if a redirect opened them, not opened here
            for (ClusterTopology.Shard shard : topology.shards()) {
                ClusterNode primary = nodeFor(shard.primary(), false);
                wanted.add(shard.primary());
                ClusterNode[] replicas = new ClusterNode[shard.replicas().size()];
                for (int i = 0; i < replicas.length; i++) {
                    replicas[i] = nodeFor(shard.replicas().get(i), false);
                    wanted.add(shard.replicas().get(i));
                }
                SlotTable.ShardRoute route = new SlotTable.ShardRoute(primary, replicas);
                for (int[] range : shard.slotRanges()) {
                    for (int slot = Math.max(0, range[0]); slot <= range[1] && slot < bySlot.length; slot++) {
                        bySlot[slot] = route;
                    }
                }
            }
            SlotTable previous = table;
            table = new SlotTable(bySlot);
            if (previous != null) {
                renewTrackingOfNodesThatLostSlots(previous, table);
            }
            Set<ClusterNode> primaries = new HashSet<>(table.primaries());
            for (Map.Entry<Endpoint, ClusterNode> entry : List.copyOf(nodes.entrySet())) {
                if (!wanted.contains(entry.getKey())) {
                    nodes.remove(entry.getKey());
                    ClusterNode retired = entry.getValue();
                    resources.releaseDrivenLoopsLater(retired.connections.all(), retired.retire(closeGraceNanos, handOff));
                    retiredListener.accept(entry.getKey());
                } else if (!primaries.contains(entry.getValue()) && !entry.getValue().isReady()) {
                    // A failed primary stays known (slotless) but its slots moved: its queued commands follow them.
                    for (Connection connection : entry.getValue().connections.all()) {
                        connection.rerouteWaiting(handOff);
                    }
                }
            }
            if (settings.events().enabled()) {
                publishChange(before, previous, bySlot);
            }
        }
    }

    /** Tells the event listener what this apply changed: nodes opened or retired, slots with a new primary. */
    private void publishChange(Set<Endpoint> before, SlotTable previous, SlotTable.ShardRoute[] bySlot) {
        List<String> added = new ArrayList<>();
        for (Endpoint endpoint : nodes.keySet()) {
            if (!before.contains(endpoint)) {
                added.add(endpoint.toString());
            }
        }
        List<String> removed = new ArrayList<>();
        for (Endpoint endpoint : before) {
            if (!nodes.containsKey(endpoint)) {
                removed.add(endpoint.toString());
            }
        }
        int reassigned = 0;
        for (int slot = 0; slot < bySlot.length; slot++) {
            SlotTable.ShardRoute old = previous == null ? null : previous.route(slot);
            ClusterNode oldPrimary = old == null ? null : old.primary();
            ClusterNode newPrimary = bySlot[slot] == null ? null : bySlot[slot].primary();
            if (oldPrimary != newPrimary) {
                reassigned++;
            }
        }
        if (!added.isEmpty() || !removed.isEmpty() || reassigned > 0) {
            Collections.sort(added);
            Collections.sort(removed);
            settings.events().publish(new RedisEvent.TopologyChanged(List.copyOf(added), List.copyOf(removed), reassigned));
        }
    }

    /** True while the table routes slots to a primary none of whose connections is up (it may be failing over). */
    boolean hasUnreachablePrimary() {
        SlotTable current = table;
        if (current == null) {
            return false;
        }
        for (ClusterNode primary : current.primaries()) {
            if (!primary.isReady()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Client-side cache (R9): a node that lost a slot drops every entry it filled, after the new table is
     * in place, so a slot that later comes back cannot expose entries the node no longer tracks.
     */
    private static void renewTrackingOfNodesThatLostSlots(SlotTable previous, SlotTable current) {
        Set<ClusterNode> losers = new HashSet<>();
        for (int slot = 0; slot < SlotHash.SLOT_COUNT; slot++) {
            SlotTable.ShardRoute before = previous.route(slot);
            SlotTable.ShardRoute after = current.route(slot);
            if (before != null && (after == null || !after.primary().endpoint.equals(before.primary().endpoint))) {
                losers.add(before.primary());
            }
        }
        for (ClusterNode node : losers) {
            slotsMovedAway(node);
        }
    }

    /** Ends the tracking sessions of {@code node}'s connections (a no-op when the cache is off). */
    static void slotsMovedAway(ClusterNode node) {
        for (Connection connection : node.connections.all()) {
            connection.renewTrackingSession();
        }
    }

    List<ClusterNode> all() {
        return new ArrayList<>(nodes.values());
    }

    /** A random pick of up to {@code count} nodes, connected ones first, for the refresher to ask. */
    List<ClusterNode> refreshCandidates(int count) {
        List<ClusterNode> ready = new ArrayList<>();
        List<ClusterNode> others = new ArrayList<>();
        for (ClusterNode node : nodes.values()) {
            (node.isReady() ? ready : others).add(node);
        }
        Collections.shuffle(ready, ThreadLocalRandom.current());
        Collections.shuffle(others, ThreadLocalRandom.current());
        ready.addAll(others);
        return ready.subList(0, Math.min(count, ready.size()));
    }

    /** Closes every node; unanswered commands get up to the close grace to finish. */
    CompletableFuture<Void> close() {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        synchronized (lock) {
            closed = true;
            for (ClusterNode node : nodes.values()) {
                all.add(node.close(closeGraceNanos));
            }
            nodes.clear();
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }
}
