package io.fastpath.testkit;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A primary, its replicas and the Sentinels watching them: real processes on loopback ports, with the
 * faults a Sentinel deployment meets (kill -9, SIGSTOP, a network partition, a Sentinel down, a forced
 * {@code SENTINEL FAILOVER}) and waits that return once every live Sentinel agrees on the outcome.
 *
 * <p>Sentinel timing is shrunk for tests ({@code down-after-milliseconds} 1 s and {@code failover-timeout}
 * 3 s by default), so a failover takes a couple of seconds instead of half a minute; so is TILT, which a Sentinel
 * starved on a loaded machine enters ({@link #TILT_PERIOD}), and its config file lives in memory where the system
 * has {@code /dev/shm}, so the fsyncs of its rewrites never wait on a busy disk.
 *
 * <p>{@link Builder#partitionable()} puts a {@link FaultProxy} in front of every data node and makes the
 * Sentinels and the replicas reach the nodes through those proxies from {@value #PEER_ADDRESS}
 * ({@code bind-source-addr}), while clients connect from 127.0.0.1: {@link #partition} then cuts a node
 * off from the Sentinels and the other nodes and leaves it reachable by the client under test, the
 * split a partition of the primary's network produces.
 */
public final class SentinelDeployment implements AutoCloseable {

    /** Where Sentinels and replicas connect from in a partitionable deployment; clients use 127.0.0.1. */
    public static final String PEER_ADDRESS = "127.0.0.3";

    /**
     * How long a Sentinel stays in TILT: it enters it when its timer ran over 2 s late (its process starved or blocked)
     * and acts on nothing until this passes, by default 30 s, as long as the kit waits for a failover. A few of its 1 s
     * PINGs are enough for every instance to have answered afresh, as the default is for a 30 s down-after.
     */
    public static final Duration TILT_PERIOD = Duration.ofSeconds(5);

    private final Builder settings;
    // Changed only by the thread driving the test; concurrent lists so other threads may read them.
    private final List<RedisServer> dataNodes = new CopyOnWriteArrayList<>();
    private final List<RedisServer> sentinels = new CopyOnWriteArrayList<>();
    private final Map<RedisServer, FaultProxy> proxies = new LinkedHashMap<>();
    private final List<RedisServer> strays = new CopyOnWriteArrayList<>();

    private SentinelDeployment(Builder builder) {
        this.settings = builder;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The name the Sentinels monitor the primary under. */
    public String primaryName() {
        return settings.primaryName;
    }

    /** Every data node in start order (the first started as the primary), including killed ones. */
    public List<RedisServer> dataNodes() {
        return List.copyOf(dataNodes);
    }

    /** Every Sentinel in start order, including stopped ones. */
    public List<RedisServer> sentinels() {
        return List.copyOf(sentinels);
    }

    /** {@code 127.0.0.1:port} of every Sentinel, for a client's Sentinel list (their TLS ports with {@link Builder#tls}). */
    public List<String> sentinelAddresses() {
        List<String> addresses = new ArrayList<>();
        for (RedisServer sentinel : sentinels) {
            addresses.add(sentinel.host() + ":" + (settings.tls != null ? sentinel.tlsPort() : sentinel.port()));
        }
        return addresses;
    }

    /** {@code 127.0.0.1:port} of every Sentinel's plain-text port (with {@link Builder#tls} they listen on both). */
    public List<String> sentinelPlainTextAddresses() {
        List<String> addresses = new ArrayList<>();
        for (RedisServer sentinel : sentinels) {
            addresses.add(sentinel.host() + ":" + sentinel.port());
        }
        return addresses;
    }

    /** The port clients and Sentinels know {@code node} by: its proxy's when partitionable, its TLS port with TLS. */
    public int announcedPort(RedisServer node) {
        FaultProxy proxy = proxies.get(node);
        return proxy != null ? proxy.port() : settings.tls != null ? node.tlsPort() : node.port();
    }

    /** The data node the live Sentinels name as primary, once they all agree and it says ROLE master. */
    public RedisServer primary() {
        return (RedisServer) awaitCondition("the Sentinels to agree on a primary", () -> {
            RedisServer named = null;
            for (RedisServer sentinel : liveSentinels()) {
                RedisServer answer = nodeAnnouncedAt(namedPrimaryPort(sentinel));
                if (named != null && answer != named) {
                    return new Waits.Unsatisfied(sentinel + " names " + answer + ", another names " + named);
                }
                named = answer;
            }
            if (named == null || !named.isAlive() || named.isPaused() || !"master".equals(role(named))) {
                return new Waits.Unsatisfied("the named primary " + named + " is not a running master");
            }
            return named;
        });
    }

    /** Running, unpaused data nodes that replicate from the current primary, by their own ROLE. */
    public List<RedisServer> replicas() {
        RedisServer primary = primary();
        List<RedisServer> replicas = new ArrayList<>();
        for (RedisServer node : dataNodes) {
            if (node != primary && node.isAlive() && !node.isPaused() && "slave".equals(role(node))) {
                replicas.add(node);
            }
        }
        return replicas;
    }

    /** Kills the current primary with SIGKILL and returns it. */
    public RedisServer killPrimary() {
        RedisServer primary = primary();
        primary.kill9();
        return primary;
    }

    /** Freezes the current primary with SIGSTOP (its connections stay open, nothing is answered) and returns it. */
    public RedisServer pausePrimary() {
        RedisServer primary = primary();
        primary.pause();
        return primary;
    }

    /**
     * Cuts {@code node} off from the Sentinels and the other data nodes while clients still reach it;
     * needs {@link Builder#partitionable()}.
     */
    public void partition(RedisServer node) {
        requireProxy(node).partitionFrom(peerAddress());
    }

    /** Ends {@link #partition}. */
    public void heal(RedisServer node) {
        requireProxy(node).healPartition();
    }

    /**
     * Asks one live Sentinel for {@code SENTINEL FAILOVER} (a graceful failover: the primary stays up) and
     * returns the new primary once every live Sentinel names it. Right after a failover the Sentinel may
     * answer {@code -INPROG} (still reconfiguring) or {@code -NOGOODSLAVE} (no replica's INFO is fresh yet);
     * the request is then repeated until it is accepted, so failovers can follow each other closely.
     */
    public RedisServer failover() {
        RedisServer old = primary();
        awaitCondition("a Sentinel to accept SENTINEL FAILOVER", () -> {
            try {
                return liveSentinels().get(0).call("SENTINEL", "FAILOVER", settings.primaryName);
            } catch (RespServerError refused) {
                if ("INPROG".equals(refused.errorCode()) || "NOGOODSLAVE".equals(refused.errorCode())) {
                    return new Waits.Unsatisfied(refused.getMessage());
                }
                throw refused;
            }
        });
        return awaitNewPrimary(old);
    }

    /** Waits until every live Sentinel names a primary other than {@code old}, which says ROLE master, and returns it. */
    public RedisServer awaitNewPrimary(RedisServer old) {
        return (RedisServer) awaitCondition("a primary other than " + old, () -> {
            RedisServer current = primary();
            return current == old ? new Waits.Unsatisfied("the Sentinels still name " + old) : current;
        });
    }

    /**
     * Brings a killed or frozen data node back as a replica of the current primary (a restarted node
     * comes back as an empty primary, so it is told REPLICAOF at once) and waits until it is in sync.
     */
    public void restartAsReplica(RedisServer node) {
        if (node.isPaused()) {
            node.resume();
        } else if (!node.isAlive()) {
            node.restart();
        }
        announceThroughProxy(node); // a restart forgets settings made at runtime
        RedisServer primary = primary();
        if (node != primary) {
            node.call("REPLICAOF", RedisServer.HOST, Integer.toString(announcedPort(primary)));
        }
        awaitStable();
    }

    /**
     * Starts a Sentinel outside the group that monitors the same name at {@code node}'s address and can
     * never correct itself: without the data nodes' password ({@link Builder#dataPassword}, required here)
     * it reaches no data node and hears no other Sentinel, so it keeps naming {@code node} as the primary,
     * as a Sentinel cut off during a failover does. It never starts a failover (its quorum needs others).
     * Closed with the deployment; not in {@link #sentinels()}.
     */
    public RedisServer startStaleSentinel(RedisServer node) {
        if (settings.dataPassword == null) {
            throw new IllegalStateException("a stale Sentinel needs SentinelDeployment.builder().dataPassword(...)");
        }
        List<String> config = new ArrayList<>(List.of(
                "protected-mode no",
                "sentinel announce-ip " + RedisServer.HOST,
                "sentinel monitor " + settings.primaryName + " " + RedisServer.HOST + " " + announcedPort(node) + " "
                        + (settings.sentinels + 1)));
        RedisServer.Builder builder = RedisServer.builder().sentinel(config);
        if (settings.binary != null) {
            builder.binary(settings.binary);
        }
        if (settings.sentinelPassword != null) {
            builder.password(settings.sentinelPassword); // clients authenticate to it as to the others
        }
        RedisServer stale = builder.start();
        strays.add(stale);
        return stale;
    }

    /** Stops a Sentinel (SHUTDOWN, killed if it does not exit). */
    public void stopSentinel(RedisServer sentinel) {
        sentinel.stop();
    }

    /** Starts a stopped Sentinel again with the configuration it saved. */
    public void startSentinel(RedisServer sentinel) {
        if (!sentinel.isAlive()) {
            sentinel.restart();
            shortenTilt(sentinel); // a runtime setting, lost with the process
        }
    }

    /**
     * Waits until every live Sentinel names the same running primary and knows every other Sentinel, every
     * running data node other than the primary replicates from it with its link up and has caught up with the
     * primary's replication offset read first (by their own ROLE), and
     * every live Sentinel lists those replicas without a down or disconnected flag. (Sentinel's own
     * {@code master-link-status} is refreshed only every 10 s outside a failover, so ROLE is asked instead.)
     */
    public void awaitStable() {
        awaitCondition("the Sentinel deployment to settle", () -> {
            RedisServer primary = primary();
            int primaryPort = announcedPort(primary);
            // Read before the replicas': a replica that streams reaches it within milliseconds (Sentinel's hellos
            // keep it moving). A connected replica that received nothing since its first synchronization was seen
            // under load, and a graceful failover then promoted it, emptying the primary (docs/topologies.md).
            long primaryOffset = (Long) ((List<?>) primary.call("ROLE")).get(1);
            List<Integer> replicaPorts = new ArrayList<>();
            for (RedisServer node : dataNodes) {
                if (node == primary || !node.isAlive() || node.isPaused()) {
                    continue;
                }
                List<?> role = (List<?>) node.call("ROLE");
                if (!"slave".equals(role.get(0)) || ((Long) role.get(2)).intValue() != primaryPort
                        || !"connected".equals(role.get(3))) {
                    return new Waits.Unsatisfied(node + " reports ROLE " + role + ", not a replica connected to " + primary);
                }
                if ((Long) role.get(4) < primaryOffset) {
                    return new Waits.Unsatisfied(node + " has replicated up to offset " + role.get(4) + ", " + primary
                            + " was at " + primaryOffset);
                }
                replicaPorts.add(announcedPort(node));
            }
            for (RedisServer sentinel : liveSentinels()) {
                int knownSentinels = ((List<?>) sentinel.call("SENTINEL", "SENTINELS", settings.primaryName)).size();
                if (knownSentinels < sentinels.size() - 1) {
                    return new Waits.Unsatisfied(sentinel + " knows " + knownSentinels + " other Sentinels");
                }
                List<Integer> listed = new ArrayList<>();
                for (Object replica : (List<?>) sentinel.call("SENTINEL", "REPLICAS", settings.primaryName)) {
                    Map<String, String> fields = fields(replica);
                    String flags = fields.get("flags");
                    if (!flags.contains("down") && !flags.contains("disconnected")) {
                        listed.add(Integer.parseInt(fields.get("port")));
                    }
                }
                if (!listed.containsAll(replicaPorts)) {
                    return new Waits.Unsatisfied(sentinel + " lists healthy replicas at " + listed + ", expected " + replicaPorts);
                }
            }
            return Boolean.TRUE;
        });
    }

    @Override
    public void close() {
        for (RedisServer stray : strays) {
            stray.close();
        }
        for (RedisServer sentinel : sentinels) {
            sentinel.close();
        }
        for (FaultProxy proxy : proxies.values()) {
            proxy.close();
        }
        for (RedisServer node : dataNodes) {
            node.close();
        }
    }

    @Override
    public String toString() {
        return "SentinelDeployment[" + settings.primaryName + ", data nodes " + dataNodes + ", Sentinels " + sentinels + "]";
    }

    // ---- start-up ----

    private SentinelDeployment start() {
        try {
            for (int i = 0; i <= settings.replicas; i++) {
                startDataNode();
            }
            RedisServer primary = dataNodes.get(0);
            for (RedisServer replica : dataNodes.subList(1, dataNodes.size())) {
                replica.call("REPLICAOF", RedisServer.HOST, Integer.toString(announcedPort(primary)));
            }
            for (int i = 0; i < settings.sentinels; i++) {
                launchSentinel(primary);
            }
            awaitStable();
            return this;
        } catch (RuntimeException failure) {
            close();
            throw failure;
        }
    }

    private void startDataNode() {
        RedisServer.Builder builder = RedisServer.builder()
                .arguments("--protected-mode", "no", "--repl-diskless-sync-delay", "0", "--replica-announce-ip", RedisServer.HOST);
        if (settings.binary != null) {
            builder.binary(settings.binary);
        }
        if (settings.dataPassword != null) {
            // Replicas authenticate to their primary with the same password.
            builder.password(settings.dataPassword).config("masterauth", settings.dataPassword);
        }
        if (settings.partitionable) {
            builder.config("bind-source-addr", PEER_ADDRESS);
        }
        if (settings.tls != null) {
            // Replicas replicate over TLS and so announce their TLS port; the Sentinels then name TLS ports.
            builder.tls(settings.tls.serverCertificate(), settings.tls.serverKey(), settings.tls.caCertificate(), false)
                    .config("tls-replication", "yes");
        }
        RedisServer node = builder.start();
        dataNodes.add(node);
        if (settings.partitionable) {
            proxies.put(node, FaultProxy.inFrontOf(node));
            announceThroughProxy(node);
        }
    }

    /** A node behind a proxy tells its primary (and so the Sentinels) the proxy's port. */
    private void announceThroughProxy(RedisServer node) {
        FaultProxy proxy = proxies.get(node);
        if (proxy != null) {
            node.call("CONFIG", "SET", "replica-announce-port", Integer.toString(proxy.port()));
        }
    }

    private void launchSentinel(RedisServer primary) {
        String name = settings.primaryName;
        List<String> config = new ArrayList<>(List.of(
                "protected-mode no",
                "sentinel announce-ip " + RedisServer.HOST,
                "sentinel monitor " + name + " " + RedisServer.HOST + " " + announcedPort(primary) + " " + settings.quorum,
                "sentinel down-after-milliseconds " + name + " " + settings.downAfter.toMillis(),
                "sentinel failover-timeout " + name + " " + settings.failoverTimeout.toMillis(),
                "sentinel parallel-syncs " + name + " " + Math.max(1, settings.replicas)));
        if (settings.dataPassword != null) {
            config.add("sentinel auth-pass " + name + " " + settings.dataPassword);
        }
        if (settings.sentinelPassword != null) {
            config.add("requirepass " + settings.sentinelPassword);
            config.add("sentinel sentinel-pass " + settings.sentinelPassword); // Sentinels authenticate to each other
        }
        if (settings.partitionable) {
            config.add("bind-source-addr " + PEER_ADDRESS);
        }
        if (settings.tls != null) {
            config.add("tls-replication yes"); // the Sentinel reaches the data nodes (and the other Sentinels) over TLS
        }
        RedisServer.Builder builder = RedisServer.builder().sentinel(config);
        if (settings.binary != null) {
            builder.binary(settings.binary);
        }
        if (settings.sentinelPassword != null) {
            builder.password(settings.sentinelPassword);
        }
        if (settings.tls != null) {
            builder.tls(settings.tls.serverCertificate(), settings.tls.serverKey(), settings.tls.caCertificate(), false);
        }
        RedisServer sentinel = builder.start();
        sentinels.add(sentinel);
        shortenTilt(sentinel);
    }

    /** {@link #TILT_PERIOD}, through {@code SENTINEL DEBUG} (Redis 7.0 and Valkey; older Sentinels keep 30 s). */
    private static void shortenTilt(RedisServer sentinel) {
        if (sentinel.binary().isAtLeast(7, 0)) {
            sentinel.call("SENTINEL", "DEBUG", "tilt-period", Long.toString(TILT_PERIOD.toMillis()));
        }
    }

    // ---- helpers ----

    private List<RedisServer> liveSentinels() {
        List<RedisServer> live = new ArrayList<>();
        for (RedisServer sentinel : sentinels) {
            if (sentinel.isAlive() && !sentinel.isPaused()) {
                live.add(sentinel);
            }
        }
        if (live.isEmpty()) {
            throw new RedisTestkitException("no Sentinel of " + this + " is running");
        }
        return live;
    }

    private int namedPrimaryPort(RedisServer sentinel) {
        List<?> address = (List<?>) sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", settings.primaryName);
        return Integer.parseInt((String) address.get(1));
    }

    private RedisServer nodeAnnouncedAt(int port) {
        for (RedisServer node : dataNodes) {
            if (announcedPort(node) == port) {
                return node;
            }
        }
        throw new RedisTestkitException("no data node of " + this + " is announced at port " + port);
    }

    private static String role(RedisServer node) {
        return (String) ((List<?>) node.call("ROLE")).get(0);
    }

    /** A SENTINEL REPLICAS entry: a RESP2 flat list of names and values. */
    private static Map<String, String> fields(Object entry) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<?> flat = (List<?>) entry;
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            fields.put(String.valueOf(flat.get(i)), String.valueOf(flat.get(i + 1)));
        }
        return fields;
    }

    private FaultProxy requireProxy(RedisServer node) {
        FaultProxy proxy = proxies.get(node);
        if (proxy == null) {
            throw new IllegalStateException("partitions need SentinelDeployment.builder().partitionable()");
        }
        return proxy;
    }

    private static InetAddress peerAddress() {
        try {
            return InetAddress.getByName(PEER_ADDRESS);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private Object awaitCondition(String description, java.util.function.Supplier<Object> probe) {
        return Waits.until(description, settings.stableTimeout, probe, this::logs);
    }

    private String logs() {
        StringBuilder logs = new StringBuilder();
        for (RedisServer sentinel : sentinels) {
            logs.append(sentinel.describeLog(15));
        }
        for (RedisServer node : dataNodes) {
            logs.append(node.describeLog(8));
        }
        return logs.toString();
    }

    /** Configures and starts a {@link SentinelDeployment}. */
    public static final class Builder {
        private String primaryName = "mymaster";
        private int replicas = 2;
        private int sentinels = 3;
        private int quorum = 2;
        private Duration downAfter = Duration.ofSeconds(1);
        private Duration failoverTimeout = Duration.ofSeconds(3);
        private Duration stableTimeout = Duration.ofSeconds(30);
        private String dataPassword;
        private String sentinelPassword;
        private boolean partitionable;
        private TlsCertificates tls;
        private RedisServerBinary binary;

        private Builder() {
        }

        public Builder primaryName(String name) {
            this.primaryName = name;
            return this;
        }

        public Builder replicas(int count) {
            this.replicas = count;
            return this;
        }

        /** How many Sentinels, and how many must agree that the primary is down. */
        public Builder sentinels(int count, int quorum) {
            this.sentinels = count;
            this.quorum = quorum;
            return this;
        }

        /** {@code down-after-milliseconds}: silence before a Sentinel calls the primary down (default 1 s). */
        public Builder downAfter(Duration duration) {
            this.downAfter = duration;
            return this;
        }

        /** {@code failover-timeout} (default 3 s). */
        public Builder failoverTimeout(Duration duration) {
            this.failoverTimeout = duration;
            return this;
        }

        /** How long the kit's waits (stable, new primary) wait at most; default 30 s. */
        public Builder stableTimeout(Duration duration) {
            this.stableTimeout = duration;
            return this;
        }

        /** {@code requirepass} on the data nodes (the Sentinels get it as {@code auth-pass}). */
        public Builder dataPassword(String password) {
            this.dataPassword = password;
            return this;
        }

        /** {@code requirepass} on the Sentinels, different from the data nodes' if wanted. */
        public Builder sentinelPassword(String password) {
            this.sentinelPassword = password;
            return this;
        }

        /** A {@link FaultProxy} in front of every data node, so {@link SentinelDeployment#partition} can cut one off. */
        public Builder partitionable() {
            this.partitionable = true;
            return this;
        }

        /**
         * TLS everywhere with these certificates: data nodes and Sentinels listen on a TLS port beside the
         * plain one, replicate and monitor over TLS, and the Sentinels name the data nodes' TLS ports.
         */
        public Builder tls(TlsCertificates certificates) {
            this.tls = certificates;
            return this;
        }

        public Builder binary(RedisServerBinary executable) {
            this.binary = executable;
            return this;
        }

        /** Starts the data nodes and the Sentinels and returns once the Sentinels agree on the deployment. */
        public SentinelDeployment start() {
            return new SentinelDeployment(this).start();
        }
    }
}
