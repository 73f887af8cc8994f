package io.fastpath.internal.cluster;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.BoundedWait;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.ReplicaSelector;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.CallerCommands;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.CommandObserver;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

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
    private final ClusterOptions options;
    /** Shared connections opened to each node, fixed at start-up (nodes that join later get as many). */
    private final int connectionsPerNode;
    /** Null completes merged replies on the I/O thread. */
    private final Executor completionExecutor;
    final RedirectHandler redirects;
    final TopologyRefresher refresher;
    final ClusterNodes nodes;
    private final UnknownCommandKeys unknownCommandKeys = new UnknownCommandKeys();
    /** The client's command listener and slow-command log, or null. */
    private final CommandObserver observer;

    // Any thread.
    private volatile boolean closed;

    private ClusterRouter(ClientResources resources, ConnectionSettings settings, int connectionsPerNode,
                          ClusterOptions options, long closeGraceNanos) {
        this.options = options;
        this.connectionsPerNode = connectionsPerNode;
        this.completionExecutor = settings.completionExecutor();
        this.observer = settings.observer();
        this.redirects = new RedirectHandler(this, options.maxRedirects(), options.redirectsOutsideTopology(), settings.events());
        this.refresher = new TopologyRefresher(this, resources, options);
        // Every cluster connection may serve reads under a replica policy: a node's role can change under it.
        this.nodes = new ClusterNodes(resources, settings.withReplicaReads(options.readPolicy() != ReadPolicy.PRIMARY),
                connectionsPerNode, closeGraceNanos, options.clientZone() != null, refresher::requestSoon, this::sendElsewhere);
    }

    /**
     * Opens connections to every node of {@code topology} and waits (up to {@code waitNanos}) for the first primary
     * connection to finish its handshake, not for all of them: on 32 primaries build() waited for 128 handshakes
     * (benchmark scenario m, first reply 1.2-10.7 s after build()). The other primaries keep connecting in the
     * background, and a command for one of them waits in its connection's queue within its deadline ("never sent"
     * if it expires there), as during a reconnect. Replicas start connecting once every primary's first attempt has
     * ended (or after {@code waitNanos}), so their handshakes do not compete with the primaries'; a read routed
     * before its replica is ready goes to the read policy's next choice.
     */
    public static ClusterRouter start(ClusterTopology topology, ClientResources resources,
                                      ConnectionSettings settings, int connectionsPerNode, ClusterOptions options,
                                      long closeGraceNanos, long waitNanos) {
        ClusterRouter router = new ClusterRouter(resources, settings, connectionsPerNode, options, closeGraceNanos);
        router.nodes.apply(topology);
        Set<Endpoint> primaries = new HashSet<>();
        for (ClusterTopology.Shard shard : topology.shards()) {
            primaries.add(shard.primary());
        }
        List<CompletableFuture<Void>> primaryConnections = new ArrayList<>();
        List<Connection> replicaConnections = new ArrayList<>();
        for (ClusterNode node : router.nodes.all()) {
            for (Connection connection : node.connections.all()) {
                if (primaries.contains(node.endpoint)) {
                    primaryConnections.add(connection.start());
                } else {
                    replicaConnections.add(connection);
                }
            }
        }
        DeferredStart replicas = new DeferredStart(replicaConnections);
        CompletableFuture.allOf(settled(primaryConnections)).whenComplete((ignored, failure) -> replicas.start());
        try {
            FirstReady.of(primaryConnections).get(waitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException interrupted) {
            replicas.start();
            BoundedWait.interrupted(interrupted, "the cluster's first connection");
        } catch (ExecutionException | TimeoutException noneReady) {
            // Connections keep trying in the background; commands wait for them within their deadline.
        }
        replicas.startNoLaterThan(resources.nextEventLoop(), waitNanos);
        router.refresher.startPeriodic(topology);
        return router;
    }

    /** Each of {@code started} turned into a future that completes either way (a node down now is retried in the background). */
    private static CompletableFuture<?>[] settled(List<CompletableFuture<Void>> started) {
        CompletableFuture<?>[] settled = new CompletableFuture<?>[started.size()];
        for (int i = 0; i < settled.length; i++) {
            settled[i] = started.get(i).exceptionally(failure -> null);
        }
        return settled;
    }

    // ---- the command path (any thread) ----

    /**
     * One node's part of a split or fanned-out command, counted for the caller ({@code null} when nothing counts) until it
     * settles, as a single-node command is, so a part given up keeps the caller behind it.
     */
    CommandFuture<Reply> part(CommandSpec<Reply> spec, long deadline, CallerCommands caller) {
        if (caller != null) {
            caller.dispatching();
        }
        return new CommandFuture<>(spec, true, deadline, caller).errorInterceptor(redirects);
    }

    /** {@code callerInFlight} is null when the client runs without the congestion detour and caller-driven I/O. */
    private static void release(CallerCommands callerInFlight) {
        if (callerInFlight != null) {
            callerInFlight.settled();
        }
    }

    /** As below, never caller-driven. */
    public <T> CompletableFuture<T> dispatch(CommandSpec<T> spec, boolean callerWaits, long deadline,
                                             CallerCommands callerInFlight, boolean callerIdle) {
        return dispatch(spec, callerWaits, deadline, callerInFlight, callerIdle, false);
    }

    /**
     * Routes and sends a command. {@code drive}: caller-driven I/O, the calling thread may hold the loop of the
     * connection a single-slot or keyless command is routed to (a primary, or a replica the read policy picks), and
     * drive it until the reply; the command, if redirected or moved by a failover, finishes on another connection
     * and wakes that caller ({@link CommandFuture#drivenBy}).
     */
    public <T> CompletableFuture<T> dispatch(CommandSpec<T> spec, boolean callerWaits, long deadline,
                                             CallerCommands callerInFlight, boolean callerIdle, boolean drive) {
        int singleSlot = CommandPlan.singleSlot(spec);
        if (singleSlot != CommandPlan.NEEDS_PLAN) { // the common case: one key, one slot, one array read
            CommandFuture<T> future = new CommandFuture<>(spec, callerWaits, deadline, callerInFlight).errorInterceptor(redirects);
            send(future, singleSlot, callerIdle, drive);
            return future;
        }
        CommandPlan plan;
        try {
            plan = CommandPlan.of(spec);
        } catch (RuntimeException refused) {
            release(callerInFlight);
            throw refused;
        }
        if (plan.kind == CommandPlan.Kind.SLOT || plan.kind == CommandPlan.Kind.KEYLESS) {
            CommandFuture<T> future = new CommandFuture<>(spec, callerWaits, deadline, callerInFlight).errorInterceptor(redirects);
            send(future, plan.slot, callerIdle, drive);
            return future;
        }
        if (plan.kind == CommandPlan.Kind.UNKNOWN_KEYS) {
            CommandFuture<T> future = new CommandFuture<>(spec, callerWaits, deadline, callerInFlight).errorInterceptor(redirects);
            sendWithServerKeys(future);
            return future;
        }
        CompletableFuture<T> result;
        try {
            result = switch (plan.kind) {
                case SPLIT -> MultiKeySplitter.send(this, spec, plan, callerWaits, deadline, callerInFlight);
                case FAN_OUT -> FanOut.send(this, spec, plan.info, callerWaits, deadline, callerInFlight);
                case SCAN -> ClusterScan.send(this, spec, callerWaits, deadline);
                default -> throw new IllegalStateException(plan.kind.name());
            };
        } catch (RuntimeException refused) { // a SCAN cursor this client did not return
            release(callerInFlight);
            throw refused;
        }
        if (plan.kind == CommandPlan.Kind.SCAN) {
            if (callerInFlight != null) {
                result.whenComplete((ignored, failure) -> callerInFlight.settled()); // a page at a time, from the I/O thread
            }
        } else {
            release(callerInFlight); // its parts count instead, each until it settles
        }
        return result;
    }

    /**
     * As {@link #dispatch}, but a single-slot command goes on the calling thread's connection to its node rather than
     * its slot's, so one thread's commands to one node arrive in call order across keys (RedisClient.dispatchInCallOrder).
     * Keyless commands go by thread already; split and fanned-out ones keep their plan. {@code callerWaits} as for
     * {@link #dispatch}: completed on the I/O thread.
     */
    public <T> CompletableFuture<T> dispatchOnCallerLane(CommandSpec<T> spec, boolean callerWaits, long deadline,
                                                        CallerCommands callerInFlight) {
        int singleSlot = CommandPlan.singleSlot(spec);
        if (singleSlot == CommandPlan.NEEDS_PLAN) {
            return dispatch(spec, callerWaits, deadline, callerInFlight, false);
        }
        CommandFuture<T> future = new CommandFuture<>(spec, callerWaits, deadline, callerInFlight).errorInterceptor(redirects);
        // The primary even for a read: call order cannot hold across a primary and a replica (a pipeline's GET after its SET).
        ClusterNode node = nodeForSlot(singleSlot, false);
        if (node == null) {
            send(future, singleSlot, false); // fails with the "no node" error and asks for a refresh
            return future;
        }
        node.connections.routeSlot(-1).send(future); // no detour: a detour could overtake the thread's earlier commands
        return future;
    }

    /** Sends to the node serving {@code slot} (a negative slot: any primary, chosen by the calling thread). */
    void send(CommandFuture<?> future, int slot, boolean callerIdle) {
        send(future, slot, callerIdle, false);
    }

    /** As above; {@code drive}: on a connection whose loop the calling thread takes, when one of the node's is free. */
    private void send(CommandFuture<?> future, int slot, boolean callerIdle, boolean drive) {
        ClusterNode node = nodeForSlot(slot, future.spec().readOnly());
        if (node == null) {
            refresher.requestSoon();
            if (observer != null) {
                future.observeUnrouted(observer); // no connection will see it: its not-sent failure is observed from here
            }
            future.completeExceptionally(new RedisNotSentException("cluster",
                    "no node serves slot " + slot + " in the client's slot table; a topology refresh was requested", null));
            return;
        }
        if (drive && node.connections.sendDriving(future, slot, callerIdle)) {
            return;
        }
        node.connections.sendSlot(future, slot, callerIdle);
    }

    /**
     * Sends a command that must not be redirected (a MULTI/EXEC block: its queued commands were already
     * refused) to the primary serving {@code slot}; {@link CommandSlots#NO_KEYS} picks a primary by thread.
     */
    public void sendToPrimary(CommandFuture<?> future, int slot) {
        ClusterNode node = nodeForSlot(slot, false);
        if (node == null) {
            refresher.requestSoon();
            future.completeExceptionally(new RedisNotSentException("cluster",
                    "no node serves slot " + slot + " in the client's slot table; a topology refresh was requested", null));
            return;
        }
        node.connections.routeSlot(slot).send(future);
    }

    /**
     * Client-side cache fills: always to the primary of the routing key's slot (R9), never a replica. A fill follows
     * MOVED and ASK and retries CLUSTERDOWN or TRYAGAIN like any read (its CACHING YES and PTTL are written again
     * around each attempt), so its readers never get a redirect meant for the client (the soak with the cache on).
     */
    public void sendToPrimary(CommandFuture<?> future) {
        future.errorInterceptor(redirects);
        int slot = SlotHash.slot(future.spec().routingKey());
        ClusterNode node = nodeForSlot(slot, false);
        if (node == null) {
            send(future, slot, false); // fails with the "no node" error and asks for a refresh
            return;
        }
        node.connections.routeSlot(slot).send(future);
    }

    /** See {@link RedirectHandler#leasedRedirect}: where a blocking command that got MOVED or ASK goes next, or null. */
    public Endpoint leasedRedirect(String message, Endpoint answering, int redirectsSoFar) {
        return redirects.leasedRedirect(message, answering, redirectsSoFar);
    }

    /** The address of the primary serving {@code slot} ({@link CommandSlots#NO_KEYS}: one by thread), or null when none is known. */
    public Endpoint primaryFor(int slot) {
        ClusterNode node = nodeForSlot(slot, false);
        if (node == null) {
            refresher.requestSoon();
            return null;
        }
        return node.endpoint;
    }

    /** True when the current slot table routes {@code slot} to the primary at {@code endpoint}. */
    public boolean isPrimaryFor(Endpoint endpoint, int slot) {
        SlotTable.ShardRoute route = nodes.table().route(slot);
        return route != null && route.primary().endpoint.equals(endpoint);
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
        unknownCommandKeys.lookUp(name, args, any.connections.routeSlot(-1))
                .whenComplete((found, failure) -> {
                    try {
                        send(future, UnknownCommandKeys.slotOf(found, args), false);
                    } catch (RuntimeException unroutable) {
                        future.completeExceptionally(unroutable); // a throw in this callback would be lost with the command
                    }
                });
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
            future.completeExceptionally(future.sentBefore()
                    ? new RedisOutcomeUnknownException("cluster", "its connection was lost and its node left the cluster", null)
                    : new RedisNotSentException("cluster",
                    "the node it was sent to left the cluster before the command was written", null));
            return;
        }
        future.prepareResend(false);
        send(future, SlotHash.slot(key), false);
    }

    private ClusterNode nodeForSlot(int slot, boolean readOnly) {
        SlotTable current = nodes.table();
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
        return ReplicaSelector.select(options.readPolicy(), options.clientZone(), route.primary(), route.replicas());
    }

    /** Shared connections per node (the client's description). */
    public int connectionsPerNode() {
        return connectionsPerNode;
    }

    boolean isClosed() {
        return closed;
    }

    /** The client's command observer, or null (the refresher reports refreshes to it). */
    CommandObserver observer() {
        return observer;
    }

    // ---- for pub/sub's subscriber connections (any thread) ----

    /** The primary serving {@code slot} in the current table, or null when no node owns it. */
    public Endpoint primaryOf(int slot) {
        SlotTable current = nodes.table();
        SlotTable.ShardRoute route = current == null ? null : current.route(slot);
        return route == null ? null : route.primary().endpoint;
    }

    /** Every primary of the current table, in address order. */
    public List<Endpoint> primaries() {
        SlotTable current = nodes.table();
        List<Endpoint> endpoints = new ArrayList<>();
        if (current != null) {
            for (ClusterNode primary : current.primaries()) {
                endpoints.add(primary.endpoint);
            }
        }
        return endpoints;
    }

    /** A MOVED seen outside the command path (pub/sub): patches the slot's owner and asks for a refresh. */
    public void moved(String movedError, Endpoint answering) {
        if (redirects.leasedRedirect(movedError, answering, 0) == null) {
            refresher.requestSoon(); // not a well-formed redirect to a known node: only the refresh can help
        }
    }

    /** Asks for a topology refresh soon; requests coalesce. */
    public void requestTopologyRefresh() {
        refresher.requestSoon();
    }

    /** Told of every node a refresh retired because it left the topology (any thread; must not block). */
    public void retiredNodeListener(Consumer<Endpoint> listener) {
        nodes.retiredListener(listener);
    }

    /** Runs {@code listener} after every applied topology refresh, on the refresher's thread. */
    public void topologyListener(Runnable listener) {
        nodes.appliedListener(listener);
    }

    /** Converts a merged reply with the command's own converter and completes the caller's future on the right thread. */
    <T> void complete(CompletableFuture<T> result, CommandSpec<T> spec, Reply merged, Throwable failure, boolean callerWaits) {
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
        if (callerWaits || completionExecutor == null) {
            completion.run();
            return;
        }
        try {
            completionExecutor.execute(completion);
        } catch (RejectedExecutionException shutDownOrFull) {
            completion.run(); // the caller must still get its outcome: here rather than never
        }
    }

    /** Stops refreshing and closes every node; unanswered commands get up to the close grace to finish. */
    public CompletableFuture<Void> close() {
        closed = true;
        refresher.stop();
        redirects.failWaitingRetries();
        return nodes.close();
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
}
