package io.fastpath.internal.sentinel;

import io.fastpath.RedisEvent;
import io.fastpath.ReadPolicy;
import io.fastpath.internal.client.ClientStart;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.client.NodeConnections;
import io.fastpath.internal.client.ReplicaSelector;
import io.fastpath.internal.client.ServerNode;
import io.fastpath.internal.client.ServerZone;
import io.fastpath.internal.client.StandaloneServers;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.HandshakeExtension;
import io.fastpath.internal.routing.SlotHash;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The data nodes of a Sentinel-watched deployment: the primary's connections, which every write goes
 * to, and the usable replicas' connections for reads under a {@link ReadPolicy}. The monitor changes them
 * (on its event loop); callers on any thread read the current ones, one volatile read per command.
 *
 * <p>Moving to a new primary ({@link #switchPrimary}): the new connections start held; each old
 * connection hands every command it has not written (held during the failover, queued while it was
 * down, a read waiting for its replay) to the new connection of the same index, ahead of anything sent
 * since, so each caller's commands keep their order, and takes no new command; its written commands
 * finish there within the close grace (or fail as outcome-unknown). Then the monitor releases the new connections,
 * unless a failover of the new primary was announced meanwhile (then they stay held until its outcome).
 */
final class SentinelServers implements StandaloneServers {
    private static final ServerNode[] NO_REPLICAS = new ServerNode[0];

    private final SentinelConfig config;
    private final ClientResources resources;
    private final ConnectionSettings replicaSettings;
    private final ReadOnlyRetry readOnlyRetry;
    /** Null unless {@code waitForReplicas}. */
    private final ReplicaAcknowledgement acknowledgement;

    // Any thread reads; the monitor's event loop (and build) writes.
    private volatile ServerNode primary;
    private volatile ServerNode[] replicas = NO_REPLICAS;
    private volatile BiConsumer<Endpoint, Endpoint> primaryChangeListener = (from, to) -> { };
    /** Set once before the first connection is opened: asks the monitor to resolve the primary again. */
    private volatile Runnable askSentinels = () -> { };
    /** Set once at build: asks the monitor for SENTINEL REPLICAS again (a replica that is one no more). */
    private volatile Runnable askForReplicas = () -> { };
    /** Set once at build: closes the monitor (the Sentinel links) with the data nodes. */
    private volatile Supplier<CompletableFuture<Void>> alsoClose = () -> CompletableFuture.completedFuture(null);

    SentinelServers(SentinelConfig config, ClientResources resources) {
        this.config = config;
        this.resources = resources;
        this.replicaSettings = config.dataSettings().withoutTracking(); // cached reads are filled on the primary only
        this.readOnlyRetry = new ReadOnlyRetry(() -> askSentinels.run(), this::resend);
        this.acknowledgement = config.acknowledgeReplicas() <= 0 ? null : new ReplicaAcknowledgement(
                config.acknowledgeReplicas(), config.acknowledgeTimeoutMillis(), config.dataSettings().completionExecutor());
    }

    void askSentinelsWith(Runnable resolve, Runnable refreshReplicas) {
        this.askSentinels = resolve;
        this.askForReplicas = refreshReplicas;
    }

    void alsoClose(Supplier<CompletableFuture<Void>> closeMonitor) {
        this.alsoClose = closeMonitor;
    }

    /** True once {@link #connectPrimary} succeeded. */
    boolean isConnected() {
        return primary != null;
    }

    /** Build time: opens the primary's connections and waits for their first handshake (ROLE included). */
    void connectPrimary(Endpoint endpoint) {
        ServerZone zone = new ServerZone();
        Connection[] connections = newConnections(endpoint, RoleCheck.PRIMARY, false, zone);
        primary = new ServerNode(endpoint, ClientStart.awaitFirstHandshakes(endpoint, connections, config.dataSettings()), zone);
    }

    private Connection[] newConnections(Endpoint endpoint, String role, boolean held, ServerZone zone) {
        ConnectionSettings settings = RoleCheck.PRIMARY.equals(role) ? config.dataSettings() : replicaSettings;
        Connection[] connections = new Connection[config.connectionsPerNode()];
        for (int i = 0; i < connections.length; i++) {
            Connection connection = resources.sharedConnection(endpoint, settings, i); // caller-driven loops under callerDrivenIo
            Runnable onMismatch = RoleCheck.PRIMARY.equals(role) ? () -> askSentinels.run() : () -> askForReplicas.run();
            HandshakeExtension roleCheck = new RoleCheck(role, endpoint, config.queryTimeoutNanos(), onMismatch);
            connection.handshakeExtension(config.clientZone() == null ? roleCheck
                    : zone.probe(connection, config.queryTimeoutNanos(), roleCheck));
            if (RoleCheck.PRIMARY.equals(role)) {
                connection.disconnectListener(() -> askSentinels.run()); // a lost primary may have been replaced
            }
            if (held) {
                connection.hold();
            }
            connections[i] = connection;
        }
        return connections;
    }

    // ---- the command path (any thread) ----

    @Override
    public NodeConnections primary() {
        return primary.connections;
    }

    Endpoint primaryEndpoint() {
        return primary.endpoint;
    }

    boolean primaryIsReady() {
        return primary.isReady();
    }

    @Override
    public <T> CompletableFuture<T> send(CommandFuture<T> command, boolean callerIdle) {
        if (command.spec().readOnly() && config.readPolicy() != ReadPolicy.PRIMARY) {
            ServerNode current = primary;
            ServerNode target = ReplicaSelector.select(config.readPolicy(), config.clientZone(), current, replicas);
            target.connections.send(command, callerIdle);
            return command;
        }
        CompletableFuture<T> result = command;
        if (acknowledgement != null && !command.spec().readOnly()) {
            result = acknowledgement.attach(command);
        }
        primary.connections.send(command.errorInterceptor(readOnlyRetry), callerIdle);
        return result;
    }

    /**
     * Caller-driven I/O: as {@link #send}, the calling thread holding the loop of the chosen connection (the primary's,
     * or a replica's for a read the policy sends there) when one is free. A write the client acknowledges only once
     * replicas confirmed it is sent as usual: its caller waits on another future than the command, and only a
     * caller waiting on the command itself drives (and frees) its loop.
     */
    @Override
    public <T> CompletableFuture<T> sendDriving(CommandFuture<T> command, boolean callerIdle) {
        boolean readOnly = command.spec().readOnly();
        if (acknowledgement != null && !readOnly) {
            return send(command, callerIdle);
        }
        byte[] key = command.spec().routingKey();
        int slot = key == null ? -1 : SlotHash.slot(key);
        ServerNode current = primary;
        ServerNode target = readOnly && config.readPolicy() != ReadPolicy.PRIMARY
                ? ReplicaSelector.select(config.readPolicy(), config.clientZone(), current, replicas) : null;
        if (target == null) {
            target = current;
            command.errorInterceptor(readOnlyRetry);
        }
        if (!target.connections.sendDriving(command, slot, callerIdle)) {
            target.connections.send(command, callerIdle);
        }
        return command;
    }

    @Override
    public <T> CompletableFuture<T> sendInCallOrder(CommandFuture<T> command) {
        // Always the primary: call order cannot hold across a primary and a replica.
        CompletableFuture<T> result = command;
        if (acknowledgement != null && !command.spec().readOnly()) {
            result = acknowledgement.attach(command);
        }
        primary.connections.route(null).send(command.errorInterceptor(readOnlyRetry));
        return result;
    }

    /** A command refused with READONLY, or left by a replica that went away: routed again from scratch. */
    private void resend(CommandFuture<?> command) {
        command.prepareResend(false);
        if (command.spec().readOnly() && config.readPolicy() != ReadPolicy.PRIMARY) {
            ServerNode target = ReplicaSelector.select(config.readPolicy(), config.clientZone(), primary, replicas);
            target.connections.route(command.spec().routingKey()).send(command);
        } else {
            primary.connections.route(command.spec().routingKey()).send(command.errorInterceptor(readOnlyRetry));
        }
    }

    @Override
    public void primaryChangeListener(BiConsumer<Endpoint, Endpoint> listener) {
        this.primaryChangeListener = listener;
    }

    // ---- changes (the monitor's event loop) ----

    /** A failover was announced: the primary's commands wait, unwritten and in order, from now on. */
    void holdPrimary() {
        for (Connection connection : primary.connections.all()) {
            connection.hold();
        }
    }

    /** No failover holds the primary any more and no hand-over is under way: what waited is written. */
    void releasePrimary() {
        for (Connection connection : primary.connections.all()) {
            connection.resume();
        }
    }

    /**
     * Moves every command path to {@code to}, already verified as a primary (see the class comment); the new
     * connections stay held. Completes once the old connections handed over what they had not written: only then
     * may the new ones be released ({@link #releasePrimary}), or a handed-over command could follow a newer one.
     */
    CompletableFuture<Void> switchPrimary(Endpoint to, String reason) {
        ServerNode old = primary;
        if (old.endpoint.equals(to)) {
            return CompletableFuture.completedFuture(null);
        }
        ServerZone zone = new ServerZone();
        Connection[] fresh = newConnections(to, RoleCheck.PRIMARY, true, zone);
        primary = new ServerNode(to, new NodeConnections(fresh), zone); // new commands queue on the held new connections
        Connection[] before = old.connections.all();
        CompletableFuture<?>[] moved = new CompletableFuture<?>[fresh.length];
        for (Connection connection : before) {
            connection.renewTrackingSession(); // what was cached from the old primary stops serving now, not when it closes
        }
        for (int i = 0; i < fresh.length; i++) {
            fresh[i].start().exceptionally(notYet -> null); // retried in the background; commands wait within their deadline
            moved[i] = before[i].handOver(fresh[i], config.closeGraceNanos());
        }
        retireReplica(to); // it is the primary now
        primaryChangeListener.accept(old.endpoint, to);
        config.dataSettings().events().publish(new RedisEvent.PrimaryChanged(config.primaryName(), old.endpoint.toString(),
                to.toString(), reason));
        CompletableFuture<Void> handedOver = CompletableFuture.allOf(moved).handle((ignored, failure) -> null); // a failed hand-over failed its commands
        // The old connections close within the close grace (5 s at most) of the hand-over, before their loops are released
        resources.releaseDrivenLoopsLater(before, handedOver);
        return handedOver;
    }

    /**
     * The replicas that may serve reads now (the usable ones of SENTINEL REPLICAS, the primary left out); the
     * future completes once the new ones' connections finished their first handshake (or failed it).
     */
    CompletableFuture<Void> applyReplicas(List<Endpoint> usable) {
        if (config.readPolicy() == ReadPolicy.PRIMARY) {
            return CompletableFuture.completedFuture(null); // every command goes to the primary: no replica connection
        }
        List<CompletableFuture<Void>> started = new ArrayList<>();
        Map<Endpoint, ServerNode> current = new HashMap<>();
        for (ServerNode node : replicas) {
            current.put(node.endpoint, node);
        }
        List<ServerNode> next = new ArrayList<>();
        for (Endpoint endpoint : usable) {
            if (endpoint.equals(primary.endpoint)) {
                continue;
            }
            ServerNode node = current.remove(endpoint);
            if (node == null) {
                ServerZone zone = new ServerZone();
                node = new ServerNode(endpoint, new NodeConnections(newConnections(endpoint, RoleCheck.REPLICA, false, zone)), zone);
                for (Connection connection : node.connections.all()) {
                    started.add(connection.start().exceptionally(notYet -> null)); // routing skips it until it is ready
                }
            }
            next.add(node);
        }
        replicas = next.toArray(NO_REPLICAS);
        for (ServerNode gone : current.values()) {
            resources.releaseDrivenLoopsLater(gone.connections.all(), gone.retire(config.closeGraceNanos(), this::resend));
        }
        return CompletableFuture.allOf(started.toArray(new CompletableFuture<?>[0]));
    }

    private void retireReplica(Endpoint endpoint) {
        List<ServerNode> kept = new ArrayList<>();
        ServerNode leaving = null;
        for (ServerNode node : replicas) {
            if (node.endpoint.equals(endpoint)) {
                leaving = node;
            } else {
                kept.add(node);
            }
        }
        if (leaving != null) {
            replicas = kept.toArray(NO_REPLICAS); // first: its handed-off reads must not be routed back to it
            resources.releaseDrivenLoopsLater(leaving.connections.all(), leaving.retire(config.closeGraceNanos(), this::resend));
        }
    }

    /** {@code ReadPolicy.LOWEST_LATENCY}: one PING to the primary and each replica. */
    void measureLatencies() {
        long deadline = System.nanoTime() + config.queryTimeoutNanos();
        primary.measureLatency(deadline);
        for (ServerNode replica : replicas) {
            replica.measureLatency(deadline);
        }
    }

    List<Endpoint> replicaEndpoints() {
        List<Endpoint> endpoints = new ArrayList<>();
        for (ServerNode node : replicas) {
            endpoints.add(node.endpoint);
        }
        return endpoints;
    }

    @Override
    public CompletableFuture<Void> close(long graceNanos) {
        readOnlyRetry.close();
        List<CompletableFuture<Void>> closed = new ArrayList<>();
        closed.add(alsoClose.get());
        closed.add(primary.close(graceNanos));
        for (ServerNode replica : replicas) {
            closed.add(replica.close(graceNanos));
        }
        return CompletableFuture.allOf(closed.toArray(new CompletableFuture<?>[0]));
    }

    @Override
    public String describe() {
        return "primary '" + config.primaryName() + "' via Sentinel " + config.sentinels(); // its address changes
    }
}
