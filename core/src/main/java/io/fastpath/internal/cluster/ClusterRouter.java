package io.fastpath.internal.cluster;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisNotSentException;
import io.fastpath.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends commands to a Redis Cluster. A keyed command: hash slot, one array read in the current
 * {@link SlotTable}, then {@code Connection.send} on that node's connection for the slot; no lease,
 * lock or pool on the way. Multi-key commands are split ({@link MultiKeySplitter}), keyless
 * all-node commands fanned out ({@link FanOut}), SCAN iterates primaries ({@link ClusterScan}).
 * Redirects and transient refusals come back through {@link RedirectHandler}; the topology is kept
 * fresh by {@link TopologyRefresher}.
 */
public final class ClusterRouter {
    // Immutable.
    private final ClientResources resources;
    private final ConnectionSettings settings;
    private final int connectionsPerNode;
    private final ClusterOptions options;
    private final long closeGraceNanos;
    final RedirectHandler redirects;
    private final UnknownCommandKeys unknownCommandKeys = new UnknownCommandKeys();
    final TopologyRefresher refresher;

    // Any thread reads; the refresher swaps it and MOVED patches entries.
    private volatile SlotTable table;
    /** Every node with open connections; refresh and redirects to unknown nodes add, refresh removes. */
    private final Map<Endpoint, ClusterNode> nodes = new ConcurrentHashMap<>();
    private final Object topologyLock = new Object();
    private volatile boolean closed;

    private ClusterRouter(ClientResources resources, ConnectionSettings settings, int connectionsPerNode,
                          ClusterOptions options, long closeGraceNanos) {
        this.resources = resources;
        this.settings = settings.withReplicaReads(options.readPolicy() != ReadPolicy.PRIMARY);
        this.connectionsPerNode = connectionsPerNode;
        this.options = options;
        this.closeGraceNanos = closeGraceNanos;
        this.redirects = new RedirectHandler(this, options.maxRedirects());
        this.refresher = new TopologyRefresher(this, resources, options);
    }

    /** Opens connections to every node of {@code topology} and waits (up to {@code waitNanos}) for them. */
    public static ClusterRouter start(ClusterTopology topology, ClientResources resources,
                                      ConnectionSettings settings, int connectionsPerNode, ClusterOptions options,
                                      long closeGraceNanos, long waitNanos) {
        ClusterRouter router = new ClusterRouter(resources, settings, connectionsPerNode, options, closeGraceNanos);
        router.apply(topology);
        List<CompletableFuture<?>> ready = new ArrayList<>();
        for (ClusterNode node : router.nodes.values()) {
            for (Connection connection : node.connections.all()) {
                ready.add(connection.start().exceptionally(failure -> null)); // a node down now is retried in the background
            }
        }
        try {
            CompletableFuture.allOf(ready.toArray(new CompletableFuture<?>[0])).get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (Exception notAllReady) {
            // Connections keep trying in the background; commands wait for them within their deadline.
        }
        router.refresher.startPeriodic();
        return router;
    }

    // ---- the command path (any thread) ----

    public <T> CompletableFuture<T> dispatch(CommandSpec<T> spec, boolean blocking, long deadline,
                                             AtomicInteger callerInFlight, boolean callerIdle) {
        int singleSlot = CommandPlan.singleSlot(spec);
        if (singleSlot != CommandPlan.NEEDS_PLAN) { // the common case: one key, one slot, one array read
            CommandFuture<T> future = new CommandFuture<>(spec, blocking, deadline, callerInFlight).errorInterceptor(redirects);
            send(future, singleSlot, callerIdle);
            return future;
        }
        CommandPlan plan;
        try {
            plan = CommandPlan.of(spec);
        } catch (RuntimeException refused) {
            callerInFlight.decrementAndGet();
            throw refused;
        }
        if (plan.kind == CommandPlan.Kind.SLOT || plan.kind == CommandPlan.Kind.KEYLESS) {
            CommandFuture<T> future = new CommandFuture<>(spec, blocking, deadline, callerInFlight).errorInterceptor(redirects);
            send(future, plan.slot, callerIdle);
            return future;
        }
        if (plan.kind == CommandPlan.Kind.UNKNOWN_KEYS) {
            CommandFuture<T> future = new CommandFuture<>(spec, blocking, deadline, callerInFlight).errorInterceptor(redirects);
            sendWithServerKeys(future);
            return future;
        }
        CompletableFuture<T> result;
        try {
            result = switch (plan.kind) {
                case SPLIT -> MultiKeySplitter.send(this, spec, plan, blocking, deadline);
                case FAN_OUT -> FanOut.send(this, spec, plan.info, blocking, deadline);
                case SCAN -> ClusterScan.send(this, spec, blocking, deadline);
                default -> throw new IllegalStateException(plan.kind.name());
            };
        } catch (RuntimeException refused) { // a SCAN cursor this client did not return
            callerInFlight.decrementAndGet();
            throw refused;
        }
        result.whenComplete((ignored, failure) -> callerInFlight.decrementAndGet());
        return result;
    }

    /** Sends to the node serving {@code slot} (a negative slot: any primary, chosen by the calling thread). */
    void send(CommandFuture<?> future, int slot, boolean callerIdle) {
        ClusterNode node = nodeForSlot(slot, future.spec().readOnly());
        if (node == null) {
            refresher.requestSoon();
            future.completeExceptionally(new RedisNotSentException("cluster",
                    "no node serves slot " + slot + " in the client's slot table; a topology refresh was requested", null));
            return;
        }
        node.connections.routeSlot(slot, callerIdle).send(future);
    }

    /** A command missing from the built-in table: routed by the key positions COMMAND GETKEYS gave for its name. */
    private void sendWithServerKeys(CommandFuture<?> future) {
        String name = future.spec().name();
        byte[][] args = future.spec().args();
        int[] positions = unknownCommandKeys.cached(name);
        if (positions != null) {
            send(future, UnknownCommandKeys.slotOf(positions, args), false);
            return;
        }
        ClusterNode any = nodeForSlot(-1, false);
        if (any == null) {
            send(future, -1, false); // fails with the "no node" error
            return;
        }
        unknownCommandKeys.lookUp(name, args, any.connections.routeSlot(-1, false))
                .whenComplete((found, failure) -> send(future, UnknownCommandKeys.slotOf(found, args), false));
    }

    /** A command with a routing key goes by slot again (the table may have changed); a keyless one back to its node. */
    void resend(CommandFuture<?> future, Connection previous) {
        byte[] key = future.spec().routingKey();
        if (key != null) {
            send(future, SlotHash.slot(key), false);
        } else {
            previous.send(future);
        }
    }

    /** A never-written command of a node that left: a keyed one goes to its slot's owner now; a node-specific one fails. */
    private void sendElsewhere(CommandFuture<?> future) {
        byte[] key = future.spec().routingKey();
        if (key == null || closed) {
            future.completeExceptionally(new RedisNotSentException("cluster",
                    "the node it was sent to left the cluster before the command was written", null));
            return;
        }
        future.prepareResend(false);
        send(future, SlotHash.slot(key), false);
    }

    private ClusterNode nodeForSlot(int slot, boolean readOnly) {
        SlotTable current = table;
        if (slot < 0) {
            List<ClusterNode> primaries = current.primaries();
            return primaries.isEmpty() ? null : primaries.get((int) (Thread.currentThread().getId() % primaries.size()));
        }
        SlotTable.ShardRoute route = current.route(slot);
        if (route == null) {
            return null;
        }
        if (!readOnly || options.readPolicy() == ReadPolicy.PRIMARY || route.replicas().length == 0) {
            return route.primary();
        }
        return ReplicaSelector.select(options.readPolicy(), route);
    }

    // ---- topology (refresher, redirects) ----

    SlotTable table() {
        return table;
    }

    /** The node at {@code endpoint}, opening connections to it when it is new; a redirect to an unknown node asks for a refresh. */
    ClusterNode nodeFor(Endpoint endpoint) {
        return nodeFor(endpoint, true);
    }

    private ClusterNode nodeFor(Endpoint endpoint, boolean refreshIfNew) {
        ClusterNode known = nodes.get(endpoint);
        if (known != null) {
            return known;
        }
        synchronized (topologyLock) {
            ClusterNode node = nodes.get(endpoint);
            if (node == null) {
                node = openNode(endpoint);
                nodes.put(endpoint, node);
                if (table != null) { // at start-up, start() starts them and waits
                    for (Connection connection : node.connections.all()) {
                        connection.start();
                    }
                    if (refreshIfNew) {
                        refresher.requestSoon();
                    }
                }
            }
            return node;
        }
    }

    private ClusterNode openNode(Endpoint endpoint) {
        Connection[] connections = new Connection[connectionsPerNode];
        for (int i = 0; i < connectionsPerNode; i++) {
            connections[i] = new Connection(endpoint, settings, resources.nextEventLoop(), resources.channelType());
            connections[i].disconnectListener(refresher::requestSoon);
        }
        return new ClusterNode(endpoint, new NodeConnections(connections));
    }

    /** Swaps in a table built from {@code topology}; nodes that left are closed once their in-flight commands finish. */
    void apply(ClusterTopology topology) {
        if (closed || topology.shards().isEmpty()) {
            return;
        }
        synchronized (topologyLock) {
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
            table = new SlotTable(bySlot);
            for (Map.Entry<Endpoint, ClusterNode> entry : List.copyOf(nodes.entrySet())) {
                if (!wanted.contains(entry.getKey())) {
                    nodes.remove(entry.getKey());
                    entry.getValue().retire(closeGraceNanos, this::sendElsewhere);
                }
            }
        }
    }

    List<ClusterNode> knownNodes() {
        return new ArrayList<>(nodes.values());
    }

    boolean isClosed() {
        return closed;
    }

    /** Null completes on the I/O thread. */
    Executor completionExecutor() {
        return settings.completionExecutor();
    }

    /** Converts a merged reply with the command's own converter and completes the caller's future on the right thread. */
    <T> void complete(CompletableFuture<T> result, CommandSpec<T> spec, Reply merged, Throwable failure, boolean blocking) {
        Runnable completion = () -> {
            if (failure != null) {
                result.completeExceptionally(failure);
                return;
            }
            try {
                ReplyConverter<T> converter = spec.converter();
                result.complete(converter.convert(merged));
            } catch (RuntimeException wrongShape) {
                result.completeExceptionally(wrongShape);
            }
        };
        Executor executor = completionExecutor();
        if (blocking || executor == null) {
            completion.run();
        } else {
            executor.execute(completion);
        }
    }

    /** A random pick of up to {@code count} nodes, connected ones first, for the refresher to ask. */
    List<ClusterNode> refreshCandidates(int count) {
        List<ClusterNode> ready = new ArrayList<>();
        List<ClusterNode> others = new ArrayList<>();
        for (ClusterNode node : nodes.values()) {
            (node.isReady() ? ready : others).add(node);
        }
        java.util.Collections.shuffle(ready, ThreadLocalRandom.current());
        java.util.Collections.shuffle(others, ThreadLocalRandom.current());
        ready.addAll(others);
        return ready.subList(0, Math.min(count, ready.size()));
    }

    /** Stops refreshing and closes every node; unanswered commands get up to the close grace to finish. */
    public CompletableFuture<Void> close() {
        closed = true;
        refresher.stop();
        redirects.failWaitingRetries();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        synchronized (topologyLock) {
            for (ClusterNode node : nodes.values()) {
                all.add(node.close(closeGraceNanos));
            }
            nodes.clear();
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    /** The failure of a completed future, or null when it succeeded. */
    static Throwable failureOf(CompletableFuture<?> done) {
        try {
            done.getNow(null);
            return null;
        } catch (java.util.concurrent.CompletionException failed) {
            return failed.getCause();
        } catch (java.util.concurrent.CancellationException cancelled) {
            return cancelled;
        }
    }

    public int nodeCount() {
        return nodes.size();
    }
}
