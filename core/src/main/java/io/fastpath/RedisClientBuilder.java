package io.fastpath;

import io.fastpath.internal.cache.ClientSideCache;
import io.fastpath.internal.client.ClientCore;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.cluster.ClusterOptions;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Credentials;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.ReconnectBackoff;
import io.fastpath.internal.protocol.RespLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Settings for a {@link RedisClient}. Every setting has a default chosen for a shared, latency-critical
 * client; see the README's configuration table for the reasons.
 */
public final class RedisClientBuilder {
    /** Default connections per server; chosen by the benchmark module's concurrent-GET scenario (README). */
    public static final int DEFAULT_CONNECTIONS_PER_NODE = 4;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_IN_FLIGHT_PER_CONNECTION = 32_768;
    public static final int DEFAULT_MAX_QUEUED_WHILE_DISCONNECTED = 8_192;
    static final String LIBRARY_VERSION = "0.1.0";

    private String host = "127.0.0.1";
    private int port = RedisUri.DEFAULT_PORT;
    private String username;
    private String password;
    private int database;
    private String clientName;
    private int connectionsPerNode = DEFAULT_CONNECTIONS_PER_NODE;
    private int ioThreads = Runtime.getRuntime().availableProcessors();
    private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private int maxInFlightPerConnection = DEFAULT_MAX_IN_FLIGHT_PER_CONNECTION;
    private int maxQueuedWhileDisconnected = DEFAULT_MAX_QUEUED_WHILE_DISCONNECTED;
    private Executor completionExecutor;
    private boolean directCompletion;
    private RespLimits limits = RespLimits.DEFAULTS;
    private ReconnectBackoff backoff = ReconnectBackoff.DEFAULT;
    /** Extra addresses tried in order after host/port when it does not answer (cluster seeds). */
    private List<Endpoint> extraSeeds = List.of();
    private ReadPolicy readPolicy = ReadPolicy.PRIMARY;
    private int maxRedirects = ClusterOptions.DEFAULT_MAX_REDIRECTS;
    private Duration topologyRefreshPeriod = ClusterOptions.DEFAULT_REFRESH_PERIOD;
    private CacheOptions cacheOptions;

    RedisClientBuilder() {}

    /** Host, port, credentials and database from {@code redis://[user[:password]@]host[:port][/db]}. */
    public RedisClientBuilder uri(String uri) {
        RedisUri parsed = RedisUri.parse(uri);
        this.host = parsed.host();
        this.port = parsed.port();
        this.username = parsed.username();
        this.password = parsed.password();
        this.database = parsed.database();
        return this;
    }

    /**
     * Several addresses of one deployment, tried in order until one answers: typically nodes of one
     * cluster. Credentials and database come from the first URI. Whether the deployment is a cluster is
     * detected on connect (INFO cluster), so a single {@link #uri} works for a cluster too.
     */
    public RedisClientBuilder seeds(String... uris) {
        if (uris == null || uris.length == 0) {
            throw new RedisArgumentException("seeds needs at least one URI");
        }
        uri(uris[0]);
        List<Endpoint> more = new ArrayList<>();
        for (int i = 1; i < uris.length; i++) {
            RedisUri parsed = RedisUri.parse(uris[i]);
            more.add(new Endpoint(parsed.host(), parsed.port()));
        }
        this.extraSeeds = List.copyOf(more);
        return this;
    }

    /** Cluster only: which node of a shard serves read-only commands; default {@link ReadPolicy#PRIMARY}. */
    public RedisClientBuilder readPolicy(ReadPolicy policy) {
        if (policy == null) {
            throw new RedisArgumentException("readPolicy must not be null");
        }
        this.readPolicy = policy;
        return this;
    }

    /** Cluster only: MOVED/ASK redirects one command may follow before it fails with {@link RedisRedirectException}; default 5. */
    public RedisClientBuilder maxRedirects(int redirects) {
        if (redirects < 0) {
            throw new RedisArgumentException("maxRedirects must not be negative, got " + redirects);
        }
        this.maxRedirects = redirects;
        return this;
    }

    /** Cluster only: the periodic safety-net topology refresh, besides the event-driven ones; default 30 s. */
    public RedisClientBuilder topologyRefreshPeriod(Duration period) {
        this.topologyRefreshPeriod = positive("topologyRefreshPeriod", period);
        return this;
    }

    /**
     * Turns on the client-side cache, e.g. {@code clientSideCache(CacheOptions.maxBytes(64 << 20))}: reads
     * of tracked keys are answered from memory until the server says they changed. Needs RESP3 (Redis 6.2+,
     * Valkey); off by default. See the README's "Client-side cache" section.
     */
    public RedisClientBuilder clientSideCache(CacheOptions options) {
        if (options == null) {
            throw new RedisArgumentException("clientSideCache needs options, e.g. CacheOptions.maxBytes(64 << 20)");
        }
        this.cacheOptions = options;
        return this;
    }

    public RedisClientBuilder host(String host, int port) {
        if (host == null || host.isBlank()) {
            throw new RedisArgumentException("host must not be empty");
        }
        if (port <= 0 || port > 65535) {
            throw new RedisArgumentException("port must be within 1..65535, got " + port);
        }
        this.host = host;
        this.port = port;
        return this;
    }

    /** ACL user (null for {@code default}) and password. */
    public RedisClientBuilder credentials(String username, String password) {
        this.username = username;
        this.password = password;
        return this;
    }

    public RedisClientBuilder database(int database) {
        if (database < 0) {
            throw new RedisArgumentException("database must not be negative, got " + database);
        }
        this.database = database;
        return this;
    }

    /** Sent as CLIENT SETNAME on every connection (visible in CLIENT LIST). */
    public RedisClientBuilder clientName(String clientName) {
        if (clientName != null && (clientName.isEmpty() || clientName.chars().anyMatch(c -> c <= ' '))) {
            throw new RedisArgumentException("clientName must be non-empty without spaces or control characters");
        }
        this.clientName = clientName;
        return this;
    }

    /** Multiplexed connections per server, a power of two (1, 2, 4, 8...); each lands on its own I/O thread when there are enough. */
    public RedisClientBuilder connectionsPerNode(int connections) {
        if (connections < 1 || Integer.bitCount(connections) != 1 || connections > 1024) {
            throw new RedisArgumentException("connectionsPerNode must be a power of two between 1 and 1024, got " + connections);
        }
        this.connectionsPerNode = connections;
        return this;
    }

    /** I/O threads (event loops) the client owns; default: one per core. */
    public RedisClientBuilder ioThreads(int threads) {
        if (threads < 1) {
            throw new RedisArgumentException("ioThreads must be at least 1, got " + threads);
        }
        this.ioThreads = threads;
        return this;
    }

    /** How long a command may take from the call to its reply, queueing and reconnecting included. */
    public RedisClientBuilder commandTimeout(Duration timeout) {
        this.commandTimeout = positive("commandTimeout", timeout);
        return this;
    }

    public RedisClientBuilder connectTimeout(Duration timeout) {
        this.connectTimeout = positive("connectTimeout", timeout);
        return this;
    }

    /** Commands queued or awaiting replies on one connection before new ones fail with {@link RedisBackpressureException}. */
    public RedisClientBuilder maxInFlightPerConnection(int limit) {
        if (limit < 1) {
            throw new RedisArgumentException("maxInFlightPerConnection must be at least 1, got " + limit);
        }
        this.maxInFlightPerConnection = limit;
        return this;
    }

    /** Commands one connection holds while reconnecting before new ones fail fast with {@link RedisNotSentException}. */
    public RedisClientBuilder maxQueuedWhileDisconnected(int limit) {
        if (limit < 0) {
            throw new RedisArgumentException("maxQueuedWhileDisconnected must not be negative, got " + limit);
        }
        this.maxQueuedWhileDisconnected = limit;
        return this;
    }

    /** Where async futures complete (and so where their callbacks run). Default: a small pool the client owns. */
    public RedisClientBuilder completionExecutor(Executor executor) {
        if (executor == null) {
            throw new RedisArgumentException("completionExecutor must not be null");
        }
        this.completionExecutor = executor;
        this.directCompletion = false;
        return this;
    }

    /**
     * Complete async futures on the I/O threads: saves a thread hop, but a slow or blocking callback then
     * stalls every connection on that thread. Only for callbacks that are short and never block.
     */
    public RedisClientBuilder directCompletion() {
        this.directCompletion = true;
        this.completionExecutor = null;
        return this;
    }

    /** Decoder limits: a reply over a limit closes its connection with an error naming the limit. */
    public RedisClientBuilder replyLimits(int maxBulkLength, int maxAggregateLength, int maxNestingDepth) {
        this.limits = new RespLimits(maxBulkLength, maxAggregateLength, maxNestingDepth);
        return this;
    }

    /** Reconnect delays: attempt n waits a jittered min(max, base * 2^n); the first attempt is immediate. */
    public RedisClientBuilder reconnectBackoff(Duration base, Duration max) {
        this.backoff = new ReconnectBackoff(positive("base", base), positive("max", max));
        return this;
    }

    /** Connects every connection and completes its handshake; throws {@link RedisConnectionException} if it cannot. */
    public RedisClient build() {
        Credentials credentials = new Credentials(username, password);
        ClientResources resources = new ClientResources(ioThreads, completionExecutor, directCompletion);
        ClientSideCache cache = cacheOptions == null ? null : new ClientSideCache(cacheOptions, resources.completionExecutor());
        ConnectionSettings settings = new ConnectionSettings(() -> credentials, database, clientName, connectTimeout,
                limits, maxInFlightPerConnection, maxQueuedWhileDisconnected, resources.completionExecutor(), backoff,
                "fastpath", LIBRARY_VERSION, false, cache);
        Endpoint endpoint = new Endpoint(host, port);
        List<Endpoint> seeds = new ArrayList<>();
        seeds.add(endpoint);
        seeds.addAll(extraSeeds);
        ClusterOptions clusterOptions = new ClusterOptions(readPolicy, maxRedirects, topologyRefreshPeriod);
        ClientCore core = ClientCore.connect(seeds, settings, resources, connectionsPerNode, commandTimeout, clusterOptions);
        if (cache != null) {
            core.attachCache(cache);
        }
        String topology = core.isCluster() ? "cluster via " + endpoint : endpoint.toString();
        return new RedisClient(core, topology + ", " + connectionsPerNode + " connections per node, " + resources.transportName());
    }

    private static Duration positive(String name, Duration duration) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new RedisArgumentException(name + " must be positive, got " + duration);
        }
        return duration;
    }
}
