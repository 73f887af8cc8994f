package io.fastpath.testkit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A local Redis Cluster of real processes, built without redis-cli, that tests can reshape.
 *
 * <p>Cluster-aware client code must be tested against slot migrations, failovers and crashed
 * primaries; this class performs each of those with the server's own CLUSTER commands and waits
 * until every live node agrees on the result before returning. Waits end with a {@link
 * RedisTestkitException} naming what was awaited plus the tail of each node's log.
 *
 * <p>Large clusters (up to {@value #MAXIMUM_PRIMARIES} primaries with up to 5 replicas each) start cheaply: nodes
 * without persistence and without jemalloc's background thread, launched a few at a time in parallel, each
 * primary's slots added with one {@code CLUSTER ADDSLOTSRANGE}, and every pair of nodes introduced directly
 * ({@code CLUSTER MEET} over one connection per node) instead of waiting for gossip to spread.
 *
 * <p>{@link Builder#zones} gives each node an availability zone. Where the server has the
 * {@code availability-zone} setting (Valkey 8.0 and later; {@link #zonesReportedByServers()}) the node is started
 * with it and reports it in {@code INFO server} as {@code availability_zone}; on Redis, which has no such
 * setting, the zone is only recorded by the kit ({@link #zoneOf}), for tests that configure the client with it.
 */
public final class RedisCluster implements AutoCloseable {

    public static final int MINIMUM_PRIMARIES = 3;
    public static final int MAXIMUM_PRIMARIES = 64;
    /** Nodes started at once: enough to overlap process start-up, few enough not to swamp a 2-core machine. */
    private static final int PARALLEL_STARTS = 8;

    /** Longer than the server's own 5 s manual-failover timeout, after which the request is repeated. */
    private static final long MANUAL_FAILOVER_RETRY_NANOS = TimeUnit.SECONDS.toNanos(7);
    private static final int MIGRATE_TIMEOUT_MILLIS = 5000;
    private static final int DIAGNOSTIC_LOG_LINES = 12;
    /**
     * The longest node timeout a cluster forms under; a longer one asked for is set once it is stable. A node pings
     * each peer unheard for half the timeout, else one peer a second, so under a long timeout the replicas' roles
     * reach every node only after many seconds (a 3+3 cluster under 120 s formed in about 19 s on Redis 7.0).
     */
    private static final Duration FORMING_NODE_TIMEOUT = Duration.ofSeconds(2);

    private final List<String> nodeArguments;
    /** Certificate, key and CA of every node's TLS port, or null. */
    private final Path[] tls;
    private final Duration stableTimeout;
    private final Duration nodeTimeout;
    private final List<String> zones;

    // Changed only by the thread driving the test; concurrent collections so other threads may read them.
    private final List<RedisServer> nodes = new CopyOnWriteArrayList<>();
    private final Map<RedisServer, String> nodeIds = new ConcurrentHashMap<>();
    private final Map<Integer, Migration> migrations = new ConcurrentHashMap<>();
    private final Map<RedisServer, List<RedisServer>> replicasWhenKilled = new ConcurrentHashMap<>();
    /** The zone given to each node started with one; nodes added later have none. */
    private final Map<RedisServer, String> nodeZones = new ConcurrentHashMap<>();

    private RedisCluster(Builder builder) {
        List<String> arguments = new ArrayList<>(List.of(
                "--cluster-enabled", "yes",
                "--cluster-node-timeout", Long.toString(builder.nodeTimeout.toMillis()),
                "--cluster-config-file", "nodes.conf",
                // Keeps replicas where the test put them instead of migrating to orphaned primaries.
                "--cluster-migration-barrier", "999",
                // Lets a replica take over however long its primary was unreachable.
                "--cluster-replica-validity-factor", "0",
                // Replicas (re)joining mid-test sync at once instead of after the default 5 s delay.
                "--repl-diskless-sync-delay", "0",
                // One thread fewer per process: matters when dozens of nodes share a CI machine.
                "--jemalloc-bg-thread", "no"));
        arguments.addAll(builder.serverArguments);
        this.nodeArguments = List.copyOf(arguments);
        this.tls = builder.tls;
        this.stableTimeout = builder.stableTimeout;
        this.nodeTimeout = builder.nodeTimeout;
        this.zones = builder.zones;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a cluster with default timeouts. */
    public static RedisCluster start(int primaries, int replicasPerPrimary) {
        return builder().primaries(primaries).replicasPerPrimary(replicasPerPrimary).start();
    }

    /** Every node this cluster started, in start order, including killed ones. */
    public List<RedisServer> nodes() {
        return List.copyOf(nodes);
    }

    /** Running, unpaused nodes whose own {@code ROLE} says master, in start order. */
    public List<RedisServer> primaries() {
        return responsiveNodes().stream().filter(node -> "master".equals(role(node).get(0))).collect(Collectors.toList());
    }

    /** Running, unpaused nodes that replicate from {@code primary}, according to their own {@code ROLE}. */
    public List<RedisServer> replicasOf(RedisServer primary) {
        List<RedisServer> replicas = new ArrayList<>();
        for (RedisServer node : responsiveNodes()) {
            List<?> role = role(node);
            if ("slave".equals(role.get(0)) && listensOn(primary, ((Long) role.get(2)).intValue())) {
                replicas.add(node);
            }
        }
        return replicas;
    }

    /** The primary serving {@code slot}, as a running node reports it with {@code CLUSTER SLOTS}. */
    public RedisServer nodeForSlot(int slot) {
        int port = slotMap(anyResponsiveNode()).primaryPortFor(slot);
        if (port < 0) {
            throw new RedisTestkitException("No node serves slot " + slot);
        }
        return nodeAtPort(port);
    }

    /**
     * The availability zone {@link Builder#zones} gave {@code node}, or {@code null} (no zones configured, or a
     * node added after start).
     */
    public String zoneOf(RedisServer node) {
        return nodeZones.get(node);
    }

    /**
     * True when the nodes run a server with the {@code availability-zone} setting (Valkey 8.0 and later), so
     * each reports its zone in {@code INFO server}; false on Redis, where zones are only recorded by the kit.
     */
    public boolean zonesReportedByServers() {
        return supportsAvailabilityZone(anyResponsiveNode().binary());
    }

    /**
     * {@code count} keys, {@code prefix} followed by a number, whose slots {@code node} does not serve (one {@code CLUSTER
     * SLOTS} read for all of them): the keys of the other shards, say while {@code node} is made to fail.
     */
    public List<String> keysServedElsewhere(RedisServer node, String prefix, int count) {
        SlotMap slots = slotMap(anyResponsiveNode());
        List<String> keys = new ArrayList<>();
        for (int i = 0; keys.size() < count; i++) {
            String key = prefix + i;
            if (slots.primaryPortFor(keySlot(key)) != node.port()) {
                keys.add(key);
            }
        }
        return keys;
    }

    /** The hash slot of {@code key}, computed locally; see {@link KeySlots}. */
    public int keySlot(String key) {
        return KeySlots.slot(key);
    }

    /** The cluster node id of {@code node} ({@code CLUSTER MYID}); it survives restarts. */
    public String nodeId(RedisServer node) {
        return nodeIds.computeIfAbsent(node, server -> (String) server.call("CLUSTER", "MYID"));
    }

    /** Moves {@code slot} and all its keys to {@code target} and waits until every node agrees. */
    public void migrateSlot(int slot, RedisServer target) {
        if (nodeForSlot(slot) == target) {
            return;
        }
        beginMigration(slot, target);
        while (migrateKeys(slot, 100) > 0) {
            // Each round moves one batch; the loop ends when the source holds no key of the slot.
        }
        finishMigration(slot, target);
    }

    /** Marks {@code slot} IMPORTING on {@code target} and then MIGRATING on its current owner. */
    public void beginMigration(int slot, RedisServer target) {
        RedisServer source = nodeForSlot(slot);
        if (source == target) {
            throw new IllegalArgumentException("Slot " + slot + " is already served by " + target);
        }
        if (migrations.containsKey(slot)) {
            throw new IllegalStateException("Slot " + slot + " is already being migrated");
        }
        String slotText = Integer.toString(slot);
        target.call("CLUSTER", "SETSLOT", slotText, "IMPORTING", nodeId(source));
        source.call("CLUSTER", "SETSLOT", slotText, "MIGRATING", nodeId(target));
        migrations.put(slot, new Migration(source, target));
    }

    /**
     * Moves at most {@code batchSize} keys of a slot under migration from its source to its target
     * and returns how many were moved; 0 means the source holds no more keys of the slot.
     */
    public int migrateKeys(int slot, int batchSize) {
        Migration migration = migrations.get(slot);
        if (migration == null) {
            throw new IllegalStateException("Slot " + slot + " is not being migrated; call beginMigration first");
        }
        try (RespClient client = migration.source.admin()) {
            List<?> keys = (List<?>) client.callBinary(
                    "CLUSTER", "GETKEYSINSLOT", Integer.toString(slot), Integer.toString(batchSize));
            if (keys.isEmpty()) {
                return 0;
            }
            List<byte[]> command = new ArrayList<>();
            for (String part : migrateCommandHead(migration.target)) {
                command.add(part.getBytes(StandardCharsets.UTF_8));
            }
            for (Object key : keys) {
                command.add((byte[]) key);
            }
            client.callBinary(command.toArray(new byte[0][]));
            return keys.size();
        }
    }

    /**
     * Assigns {@code slot} to {@code target} on every primary, target first, then waits until
     * every node agrees. Fails if the source still holds keys of the slot.
     */
    public void finishMigration(int slot, RedisServer target) {
        Migration migration = migrations.get(slot);
        RedisServer source = migration != null ? migration.source : nodeForSlot(slot);
        String[] assign = {"CLUSTER", "SETSLOT", Integer.toString(slot), "NODE", nodeId(target)};
        target.call(assign);
        if (source != target) {
            source.call(assign);
        }
        for (RedisServer primary : primaries()) {
            if (primary != target && primary != source) {
                primary.call(assign);
            }
        }
        migrations.remove(slot);
        awaitCondition("every node to agree slot " + slot + " is served by " + target, () -> {
            String instability = instability();
            if (instability != null) {
                return new Waits.Unsatisfied(instability);
            }
            return slotMap(anyResponsiveNode()).primaryPortFor(slot) == target.port()
                    ? Boolean.TRUE : new Waits.Unsatisfied("slot " + slot + " not yet served by " + target);
        });
    }

    /** Coordinated manual failover ({@code CLUSTER FAILOVER}) to {@code replica}. */
    public void failover(RedisServer replica) {
        failover(replica, "CLUSTER", "FAILOVER");
    }

    /** {@code CLUSTER FAILOVER FORCE}: no handshake with the primary, which may be unreachable. */
    public void failoverForce(RedisServer replica) {
        failover(replica, "CLUSTER", "FAILOVER", "FORCE");
    }

    /** {@code CLUSTER FAILOVER TAKEOVER}: promotes without the agreement of other primaries. */
    public void takeover(RedisServer replica) {
        failover(replica, "CLUSTER", "FAILOVER", "TAKEOVER");
    }

    /** Kills {@code primary} with SIGKILL, remembering its replicas for {@link #awaitPromotion}. */
    public void killPrimary(RedisServer primary) {
        if (!"master".equals(role(primary).get(0))) {
            throw new IllegalArgumentException(primary + " is not a primary");
        }
        nodeId(primary);
        replicasWhenKilled.put(primary, replicasOf(primary));
        primary.kill9();
    }

    /**
     * Waits until a former replica of the dead {@code oldPrimary} serves its slots and the running
     * nodes agree on a healthy cluster; returns the promoted node.
     */
    public RedisServer awaitPromotion(RedisServer oldPrimary) {
        List<RedisServer> candidates = replicasWhenKilled.get(oldPrimary);
        if (candidates == null) {
            candidates = replicasOf(oldPrimary);
        }
        if (candidates.isEmpty()) {
            throw new IllegalStateException(oldPrimary + " had no replica that could be promoted");
        }
        List<RedisServer> finalCandidates = candidates;
        RedisServer promotedReplica = (RedisServer) awaitCondition("a replica of " + oldPrimary + " to be promoted", () -> {
            RedisServer promoted = null;
            for (RedisServer candidate : finalCandidates) {
                if (isResponsive(candidate) && "master".equals(role(candidate).get(0))) {
                    promoted = candidate;
                }
            }
            if (promoted == null) {
                return new Waits.Unsatisfied("no replica of " + oldPrimary + " reports role master");
            }
            String instability = instability();
            return instability == null ? promoted : new Waits.Unsatisfied(instability);
        });
        replicasWhenKilled.remove(oldPrimary);
        return promotedReplica;
    }

    /** Starts a new node without slots, introduces it and waits until every node knows it. */
    public RedisServer addPrimary() {
        RedisServer node = join();
        awaitStable();
        return node;
    }

    /** Starts a new node, makes it a replica of {@code primary} and waits until it is connected. */
    public RedisServer addReplica(RedisServer primary) {
        RedisServer node = join();
        node.call("CLUSTER", "REPLICATE", nodeId(primary));
        awaitCondition(node + " to replicate " + primary, () -> {
            List<?> role = role(node);
            if (!"slave".equals(role.get(0)) || !listensOn(primary, ((Long) role.get(2)).intValue())) {
                return new Waits.Unsatisfied(node + " reports role " + role);
            }
            String instability = instability();
            return instability == null ? Boolean.TRUE : new Waits.Unsatisfied(instability);
        });
        return node;
    }

    /**
     * Waits until every running, unpaused node reports {@code cluster_state:ok}, knows every other
     * such node as healthy, reports the same slot map served only by such nodes, and every such
     * replica is connected to its primary. Killed and paused nodes count as gone.
     */
    public void awaitStable() {
        awaitCondition("the cluster to become stable", () -> {
            String instability = instability();
            return instability == null ? Boolean.TRUE : new Waits.Unsatisfied(instability);
        });
    }

    /** Stops every node and removes their directories. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (RedisServer node : nodes) {
            try {
                node.close();
            } catch (RuntimeException closeFailure) {
                if (failure == null) {
                    failure = closeFailure;
                } else {
                    failure.addSuppressed(closeFailure);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public String toString() {
        return "RedisCluster" + nodes;
    }

    /**
     * Sets a fresh node's config epoch. Within one build this succeeds at once: each test JVM's nodes hold ports of
     * its own {@link PortBlock}, which no other running cluster of the build knows. The retry stays as a defence for two
     * builds given the same block on one machine (two checkouts' fork 1 at once): a cluster of the other build whose
     * node was killed keeps gossiping to that node's ports, which this node may now hold (the bind check cannot see
     * that), and such a node can already have an epoch ("config epoch is already non-zero", seen in CI beside
     * ClusterPrimaryKillIT before the blocks). It holds no slots or keys yet, so forgetting what it learned
     * (CLUSTER RESET HARD) and taking the epoch again costs nothing; standard error says it happened, with the
     * nodes it had met.
     */
    private static void setConfigEpoch(RedisServer node, int epoch) {
        try {
            node.call("CLUSTER", "SET-CONFIG-EPOCH", Integer.toString(epoch));
        } catch (RespServerError alreadySet) {
            if (alreadySet.getMessage() == null || !alreadySet.getMessage().contains("config epoch is already non-zero")) {
                throw alreadySet;
            }
            System.err.println("fastpath testkit: " + node + " was reached by another cluster before its config epoch"
                    + " was set; resetting it. It knew:\n" + node.call("CLUSTER", "NODES"));
            node.call("CLUSTER", "RESET", "HARD");
            node.call("CLUSTER", "SET-CONFIG-EPOCH", Integer.toString(epoch));
        }
    }

    private RedisCluster create(int primaryCount, int replicasPerPrimary) {
        try {
            // Shard s's member m (0 the primary, then its replicas) gets zone s + m, round the list: a shard's
            // replicas sit in zones other than their primary's whenever there are more zones than replicas per shard.
            List<String> nodeZoneList = new ArrayList<>();
            for (int member = 0; member <= replicasPerPrimary; member++) {
                for (int shard = 0; shard < primaryCount; shard++) {
                    nodeZoneList.add(zones.isEmpty() ? null : zones.get((shard + member) % zones.size()));
                }
            }
            startNodes(nodeZoneList);
            boolean formingUnderAShorterTimeout = nodeTimeout.compareTo(FORMING_NODE_TIMEOUT) > 0;
            if (formingUnderAShorterTimeout) {
                setNodeTimeout(FORMING_NODE_TIMEOUT);
            }
            List<RedisServer> primaries = new ArrayList<>(nodes.subList(0, primaryCount));
            List<RedisServer> replicas = new ArrayList<>(nodes.subList(primaryCount, nodes.size()));
            int epoch = 1;
            for (RedisServer node : nodes) {
                // Distinct epochs up front spare the cluster resolving epoch collisions.
                setConfigEpoch(node, epoch++);
            }
            for (int index = 0; index < primaryCount; index++) {
                int first = index * KeySlots.SLOT_COUNT / primaryCount;
                int last = (index + 1) * KeySlots.SLOT_COUNT / primaryCount - 1;
                addSlots(primaries.get(index), first, last);
            }
            meetEveryPair();
            awaitEveryoneKnows(nodes);
            for (int index = 0; index < replicas.size(); index++) {
                // Replica r of shard s was started at r * primaryCount + s, the order the zones were assigned in.
                RedisServer primary = primaries.get(index % primaryCount);
                replicas.get(index).call("CLUSTER", "REPLICATE", nodeId(primary));
            }
            awaitStable();
            if (formingUnderAShorterTimeout) {
                setNodeTimeout(nodeTimeout); // the one the nodes were started with, so a restarted node has it too
            }
            return this;
        } catch (RuntimeException failure) {
            try {
                close();
            } catch (RuntimeException closeFailure) {
                failure.addSuppressed(closeFailure);
            }
            throw failure;
        }
    }

    private void setNodeTimeout(Duration timeout) {
        for (RedisServer node : nodes) {
            node.call("CONFIG", "SET", "cluster-node-timeout", Long.toString(timeout.toMillis()));
        }
    }

    /** Starts one node per entry of {@code nodeZoneList} (a zone or null), a few at a time, and adds them in that order. */
    private void startNodes(List<String> nodeZoneList) {
        ExecutorService starter = Executors.newFixedThreadPool(Math.min(PARALLEL_STARTS, nodeZoneList.size()));
        try {
            List<Future<RedisServer>> started = new ArrayList<>();
            for (String zone : nodeZoneList) {
                started.add(starter.submit(() -> launchNode(zone)));
            }
            RuntimeException failure = null;
            for (Future<RedisServer> future : started) {
                try {
                    RedisServer node = future.get();
                    nodes.add(node); // added even after a failure, so close() stops it
                } catch (ExecutionException startFailure) {
                    RuntimeException cause = startFailure.getCause() instanceof RuntimeException runtime
                            ? runtime : new RedisTestkitException("Cannot start a cluster node", startFailure.getCause());
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new RedisTestkitException("Interrupted while starting cluster nodes", interrupted);
                }
            }
            if (failure != null) {
                throw failure;
            }
        } finally {
            starter.shutdownNow();
        }
    }

    /** Every node meets every later one directly, over one connection per node: no waiting for gossip to spread. */
    private void meetEveryPair() {
        for (int index = 0; index < nodes.size() - 1; index++) {
            try (RespClient client = nodes.get(index).admin()) {
                for (RedisServer other : nodes.subList(index + 1, nodes.size())) {
                    client.call("CLUSTER", "MEET", RedisServer.HOST, Integer.toString(other.port()));
                }
            }
        }
    }

    private RedisServer startNode() {
        RedisServer node = launchNode(null);
        nodes.add(node);
        return node;
    }

    /** Starts a node, with {@code zone} (or none when null), without adding it to {@link #nodes}. */
    private RedisServer launchNode(String zone) {
        RedisServer.Builder builder = RedisServer.builder().arguments(nodeArguments.toArray(new String[0]));
        if (tls != null) {
            builder.tls(tls[0], tls[1], tls[2], false);
        }
        if (zone != null && supportsAvailabilityZone(RedisServerBinary.locate())) {
            builder.config("availability-zone", zone);
        }
        RedisServer node = builder.start();
        if (zone != null) {
            nodeZones.put(node, zone);
        }
        return node;
    }

    private RedisServer join() {
        RedisServer introducer = anyResponsiveNode();
        RedisServer node = startNode();
        introducer.call("CLUSTER", "MEET", RedisServer.HOST, Integer.toString(node.port()));
        awaitEveryoneKnows(List.of(node));
        return node;
    }

    /** {@code availability-zone} came with Valkey 8.0; Redis has no such setting. */
    private static boolean supportsAvailabilityZone(RedisServerBinary binary) {
        return binary.isValkey() && binary.isAtLeast(8, 0);
    }

    private static void addSlots(RedisServer primary, int first, int last) {
        if (primary.binary().isAtLeast(7, 0)) {
            primary.call("CLUSTER", "ADDSLOTSRANGE", Integer.toString(first), Integer.toString(last));
            return;
        }
        List<String> command = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
        for (int slot = first; slot <= last; slot++) {
            command.add(Integer.toString(slot));
        }
        primary.call(command.toArray(new String[0]));
    }

    private void failover(RedisServer replica, String... command) {
        List<?> role = role(replica);
        if (!"slave".equals(role.get(0))) {
            throw new IllegalArgumentException(replica + " is not a replica (role " + role + ")");
        }
        replica.call(command);
        long[] lastAttempt = {System.nanoTime()};
        awaitCondition(replica + " to take over after " + String.join(" ", command), () -> {
            if (!"master".equals(role(replica).get(0))) {
                // The server gives up a manual failover after 5 s (say, one asked while the replica was still
                // syncing) without a word: ask again, as an operator would.
                if (System.nanoTime() - lastAttempt[0] > MANUAL_FAILOVER_RETRY_NANOS) {
                    lastAttempt[0] = System.nanoTime();
                    try {
                        replica.call(command);
                    } catch (RuntimeException promotedMeanwhile) {
                        // it became a primary since the role check: the next probe sees it
                    }
                }
                return new Waits.Unsatisfied(replica + " still reports role " + role(replica));
            }
            String instability = instability();
            if (instability != null) {
                return new Waits.Unsatisfied(instability);
            }
            return slotMap(anyResponsiveNode()).primaryPorts().contains(replica.port())
                    ? Boolean.TRUE : new Waits.Unsatisfied("slot map does not list " + replica + " as a primary");
        });
    }

    /** Waits until every running node lists each of {@code expected} as a healthy peer. */
    private void awaitEveryoneKnows(List<RedisServer> expected) {
        awaitCondition("every node to know " + expected, () -> {
            for (RedisServer observer : responsiveNodes()) {
                List<ClusterNodeLine> view = clusterNodes(observer);
                for (RedisServer node : expected) {
                    String id = nodeId(node);
                    boolean known = view.stream().anyMatch(line -> line.id.equals(id) && line.isHealthy());
                    if (!known) {
                        return new Waits.Unsatisfied(observer + " does not yet know " + node + " as healthy");
                    }
                }
                if (expected.contains(observer) && view.size() < responsiveNodes().size()) {
                    return new Waits.Unsatisfied(observer + " knows only " + view.size() + " nodes");
                }
            }
            return Boolean.TRUE;
        });
    }

    /** Why the cluster is not stable yet, or {@code null} when it is. */
    private String instability() {
        List<RedisServer> alive = responsiveNodes();
        Map<String, String> ownPrimaryIds = new HashMap<>(); // node id -> the primary id it reports for itself
        for (RedisServer node : alive) {
            String id = nodeId(node);
            clusterNodes(node).stream().filter(line -> line.id.equals(id)).findFirst()
                    .ifPresent(line -> ownPrimaryIds.put(id, line.primaryId));
        }
        SlotMap agreed = null;
        RedisServer agreedBy = null;
        for (RedisServer node : alive) {
            String info = (String) node.call("CLUSTER", "INFO");
            if (!info.contains("cluster_state:ok")) {
                return node + " reports cluster_state other than ok";
            }
            List<ClusterNodeLine> view = clusterNodes(node);
            for (RedisServer peer : alive) {
                String peerId = nodeId(peer);
                if (view.stream().noneMatch(line -> line.id.equals(peerId) && line.isHealthy())) {
                    return node + " does not see " + peer + " as a healthy peer";
                }
            }
            String unreadyLink = unreadyBusLink(node, view, alive);
            if (unreadyLink != null) {
                return unreadyLink;
            }
            // A client reads replicas from the node it asks: every node must know who replicates whom (gossip
            // carries a new replica's role a few pings later; a client built before then misses it until a refresh).
            for (Map.Entry<String, String> own : ownPrimaryIds.entrySet()) {
                if (view.stream().noneMatch(line -> line.id.equals(own.getKey()) && line.primaryId.equals(own.getValue()))) {
                    return node + " does not yet see node " + own.getKey() + " as replicating " + own.getValue();
                }
            }
            SlotMap slots = slotMap(node);
            if (agreed == null) {
                agreed = slots;
                agreedBy = node;
            } else if (!agreed.equals(slots)) {
                return "slot maps differ: " + agreedBy + " says " + agreed + " but " + node + " says " + slots;
            }
            List<?> role = role(node);
            if ("slave".equals(role.get(0)) && !"connected".equals(role.get(3))) {
                return node + " replication link is " + role.get(3);
            }
        }
        if (agreed != null) {
            for (int port : agreed.primaryPorts()) {
                if (alive.stream().noneMatch(node -> node.port() == port)) {
                    return "slots are still served by the stopped or paused node on port " + port;
                }
            }
            if (agreed.coveredSlotCount() != KeySlots.SLOT_COUNT) {
                return "only " + agreed.coveredSlotCount() + " slots are served";
            }
        }
        return null;
    }

    /**
     * Why {@code node}'s cluster-bus links to its peers are not both up yet, or {@code null}. Valkey 8.0 sends a
     * PUBLISH to a peer as a light message only and drops it while its outbound link has had no PONG since it was
     * created (fixed later upstream: valkey-io/valkey#2817), so a cluster that is "ok" can still lose the first
     * messages published on it; a test of pub/sub across nodes needs both directions up first.
     */
    private String unreadyBusLink(RedisServer node, List<ClusterNodeLine> view, List<RedisServer> alive) {
        List<Map<String, Object>> links = new ArrayList<>();
        for (Object link : (List<?>) node.call("CLUSTER", "LINKS")) {
            links.add(fields(link));
        }
        for (RedisServer peer : alive) {
            if (peer == node) {
                continue;
            }
            String peerId = nodeId(peer);
            long pongReceived = view.stream().filter(line -> line.id.equals(peerId)).findFirst()
                    .map(line -> line.pongReceivedMillis).orElse(0L);
            boolean inbound = false;
            boolean outboundAnswered = false;
            for (Map<String, Object> link : links) {
                if (!peerId.equals(link.get("node"))) {
                    continue;
                }
                if ("from".equals(link.get("direction"))) {
                    inbound = true;
                } else if ("to".equals(link.get("direction")) && ((Number) link.get("create-time")).longValue() <= pongReceived) {
                    outboundAnswered = true;
                }
            }
            if (!inbound || !outboundAnswered) {
                return node + "'s cluster-bus links with " + peer + " are not both up and answered yet";
            }
        }
        return null;
    }

    /** One entry of CLUSTER LINKS as a map, whether the reply came as a RESP3 map or a RESP2 flat list. */
    private static Map<String, Object> fields(Object entry) {
        Map<String, Object> fields = new HashMap<>();
        if (entry instanceof Map<?, ?> map) {
            map.forEach((key, value) -> fields.put(String.valueOf(key), value));
        } else {
            List<?> flat = (List<?>) entry;
            for (int i = 0; i + 1 < flat.size(); i += 2) {
                fields.put(String.valueOf(flat.get(i)), flat.get(i + 1));
            }
        }
        return fields;
    }

    private Object awaitCondition(String description, Supplier<Object> probe) {
        return Waits.until(description, stableTimeout, probe, this::nodeLogs);
    }

    private String nodeLogs() {
        StringBuilder logs = new StringBuilder();
        for (RedisServer node : nodes) {
            logs.append(node.describeLog(DIAGNOSTIC_LOG_LINES));
        }
        return logs.toString();
    }

    private List<String> migrateCommandHead(RedisServer target) {
        // With tls-cluster the source's MIGRATE connection speaks TLS, so it must go to the target's TLS port.
        int port = target.hasTls() ? target.tlsPort() : target.port();
        List<String> head = new ArrayList<>(Arrays.asList("MIGRATE", RedisServer.HOST,
                Integer.toString(port), "", "0", Integer.toString(MIGRATE_TIMEOUT_MILLIS), "REPLACE"));
        if (target.password() != null) {
            head.add("AUTH");
            head.add(target.password());
        }
        head.add("KEYS");
        return head;
    }

    private static List<?> role(RedisServer node) {
        return (List<?>) node.call("ROLE");
    }

    private static SlotMap slotMap(RedisServer node) {
        return SlotMap.parse(node.call("CLUSTER", "SLOTS"));
    }

    private static List<ClusterNodeLine> clusterNodes(RedisServer node) {
        return ClusterNodeLine.parseAll((String) node.call("CLUSTER", "NODES"));
    }

    /** Running nodes that are not paused: the ones that can answer, and that the cluster can see. */
    private List<RedisServer> responsiveNodes() {
        return nodes.stream().filter(RedisCluster::isResponsive).collect(Collectors.toList());
    }

    private RedisServer anyResponsiveNode() {
        return nodes.stream().filter(RedisCluster::isResponsive).findFirst()
                .orElseThrow(() -> new IllegalStateException("No node of the cluster is running and unpaused"));
    }

    /** A port {@code node} listens on: its plain port, or its TLS port, which ROLE names when replication uses TLS. */
    private static boolean listensOn(RedisServer node, int port) {
        return node.port() == port || (node.hasTls() && node.tlsPort() == port);
    }

    private static boolean isResponsive(RedisServer node) {
        return node.isAlive() && !node.isPaused();
    }

    private RedisServer nodeAtPort(int port) {
        return nodes.stream().filter(node -> node.port() == port).findFirst()
                .orElseThrow(() -> new RedisTestkitException("Port " + port + " belongs to no node of this cluster"));
    }

    /** A slot moving from {@code source} to {@code target}. */
    private static final class Migration {
        final RedisServer source;
        final RedisServer target;

        Migration(RedisServer source, RedisServer target) {
            this.source = source;
            this.target = target;
        }
    }

    /** Configures and starts a {@link RedisCluster}. */
    public static final class Builder {

        private int primaries = MINIMUM_PRIMARIES;
        private int replicasPerPrimary;
        private Duration nodeTimeout = Duration.ofMillis(2000);
        private Duration stableTimeout = Duration.ofSeconds(30);
        private final List<String> serverArguments = new ArrayList<>();
        /** Certificate, key and CA for every node's TLS port and the TLS cluster bus; null for plain TCP only. */
        private Path[] tls;
        private List<String> zones = List.of();

        private Builder() {
        }

        public Builder primaries(int count) {
            if (count < MINIMUM_PRIMARIES || count > MAXIMUM_PRIMARIES) {
                throw new IllegalArgumentException("A cluster needs " + MINIMUM_PRIMARIES + " to "
                        + MAXIMUM_PRIMARIES + " primaries, not " + count);
            }
            this.primaries = count;
            return this;
        }

        public Builder replicasPerPrimary(int count) {
            if (count < 0 || count > 5) {
                throw new IllegalArgumentException("Replicas per primary must be 0 to 5, not " + count);
            }
            this.replicasPerPrimary = count;
            return this;
        }

        /** {@code cluster-node-timeout}: how long a node may be unreachable before failover starts. */
        public Builder nodeTimeout(Duration timeout) {
            this.nodeTimeout = timeout;
            return this;
        }

        /** How long the cluster may take to settle after each operation before it is an error. */
        public Builder stableTimeout(Duration timeout) {
            this.stableTimeout = timeout;
            return this;
        }

        /** Extra arguments for every node, e.g. {@code "--cluster-allow-reads-when-down", "yes"}. */
        public Builder serverArguments(String... arguments) {
            serverArguments.addAll(Arrays.asList(arguments));
            return this;
        }

        /**
         * Every node also listens for TLS ({@link RedisServer#tlsPort()}) with this certificate, without
         * asking clients for certificates, and the cluster bus and replication use TLS
         * ({@code tls-cluster yes}), so nodes announce their TLS ports to TLS clients. The kit's own
         * admin connections keep using the plain ports.
         */
        public Builder tls(Path certificate, Path privateKey, Path caCertificate) {
            this.tls = new Path[] {certificate, privateKey, caCertificate};
            serverArguments.addAll(List.of("--tls-cluster", "yes", "--tls-replication", "yes"));
            return this;
        }

        /**
         * Every node announces {@code hostname} ({@code cluster-announce-hostname}, which must resolve to this
         * machine, e.g. {@code localhost}) and prefers it as its endpoint ({@code cluster-preferred-endpoint-type
         * hostname}), so clients dial nodes by name, as on managed services. Redis 7.0+ and Valkey.
         */
        public Builder announceHostname(String hostname) {
            serverArguments.addAll(List.of("--cluster-announce-hostname", hostname, "--cluster-preferred-endpoint-type", "hostname"));
            return this;
        }

        /**
         * Availability zones for the nodes: shard {@code s}'s primary gets {@code zones[s % n]} and its replica
         * {@code r} (from 1) {@code zones[(s + r) % n]}, so with more zones than replicas per primary no replica
         * shares its primary's zone. See {@link RedisCluster} for servers without the setting.
         */
        public Builder zones(String... names) {
            if (names.length == 0) {
                throw new IllegalArgumentException("zones needs at least one zone name");
            }
            this.zones = List.of(names);
            return this;
        }

        /** Starts every node, assigns slots evenly, attaches replicas and waits until stable. */
        public RedisCluster start() {
            return new RedisCluster(this).create(primaries, replicasPerPrimary);
        }
    }
}
