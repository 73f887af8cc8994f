package io.fastpath;

import io.fastpath.command.Command;
import io.fastpath.internal.assembly.ClientAssembly;
import io.fastpath.internal.client.ClientSettings;
import io.fastpath.internal.client.CommandTimeout;
import io.fastpath.internal.client.ConnectionsPerNode;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.NettyDefaults;
import io.fastpath.internal.connection.ReconnectBackoff;
import io.fastpath.internal.hosted.HostedClients;
import io.fastpath.internal.protocol.RespLimits;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Settings for a {@link RedisClient}. Every setting has a default chosen for a shared, latency-critical
 * client; see docs/configuration.md for each default and its reason.
 */
public final class RedisClientBuilder {
    static {
        NettyDefaults.apply(); // first: Netty reads its settings once, and nothing of the client may touch it before
    }

    /**
     * Default connections per server; chosen by the benchmark module's concurrent-GET scenario (docs/performance.md).
     * On a cluster of more than 8 nodes the default is smaller: see {@link #DEFAULT_CLUSTER_CONNECTION_BUDGET}; under
     * {@link #callerDrivenIo(boolean) caller-driven I/O} a standalone or Sentinel-watched server gets 8 (one per driving caller).
     */
    public static final int DEFAULT_CONNECTIONS_PER_NODE = ConnectionsPerNode.DEFAULT;
    /**
     * Without {@link #connectionsPerNode(int)}, a cluster's nodes (primaries and replicas, as read at start-up) share
     * about this many connections: each gets the largest power of two within its share, from 1 to
     * {@link #DEFAULT_CONNECTIONS_PER_NODE}: 4 up to 8 nodes, 2 up to 16, 1 from 17 on (benchmark scenarios f and m).
     */
    public static final int DEFAULT_CLUSTER_CONNECTION_BUDGET = ConnectionsPerNode.CLUSTER_BUDGET;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(5);
    /**
     * The longest command timeout, the client's ({@link #commandTimeout}) or a view's
     * ({@link RedisCommands#withTimeout}): a day. Longer is refused as a mistake; a blocking command given a block
     * time of 0 waits without any deadline.
     */
    public static final Duration MAX_COMMAND_TIMEOUT = CommandTimeout.MAX;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_IN_FLIGHT_PER_CONNECTION = 32_768;
    /** {@link #maxArgumentBytes}'s default: 512 MB, the server's default {@code proto-max-bulk-len}. */
    public static final long DEFAULT_MAX_ARGUMENT_BYTES = 512L * 1024 * 1024;
    public static final int DEFAULT_MAX_QUEUED_WHILE_DISCONNECTED = 8_192;
    public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(5);
    /** The response timeout is never shorter than this, nor than the command timeout (a slow command is not a hung server). */
    public static final Duration MIN_DEFAULT_RESPONSE_TIMEOUT = ClientSettings.MIN_DEFAULT_RESPONSE_TIMEOUT;
    public static final int DEFAULT_BLOCKING_CONNECTIONS_PER_NODE = 8;
    /** See {@link #loneCallerSpin(Duration)}: above a local round trip here (about 25 µs), far below a park-free remote one. */
    public static final Duration DEFAULT_LONE_CALLER_SPIN = Duration.ofNanos(50_000);
    /** {@link #callerDrivenIo}'s default when not called: this system property, {@code true} or not (off). */
    public static final String CALLER_DRIVEN_IO_PROPERTY = "fastpath.callerDrivenIo";
    public static final int DEFAULT_WATCH_CONNECTIONS_PER_NODE = 4;
    /** Messages waiting for one subscription's listener at most, by default. */
    public static final int DEFAULT_PUB_SUB_QUEUE_BOUND = 10_000;

    private String host = "127.0.0.1";
    private int port = RedisUri.DEFAULT_PORT;
    private String username;
    private String password;
    private CredentialsProvider credentialsProvider;
    private int database;
    private String clientName;
    /** {@link ConnectionsPerNode#AUTOMATIC} until given: 4, or fewer per node on a large cluster. */
    private int connectionsPerNode = ConnectionsPerNode.AUTOMATIC;
    private int ioThreads = Runtime.getRuntime().availableProcessors();
    private boolean congestionDetour = true;
    private Duration loneCallerSpin = DEFAULT_LONE_CALLER_SPIN;
    /** Null: the system property {@link #CALLER_DRIVEN_IO_PROPERTY} decides, where the client's shape allows it. */
    private Boolean callerDrivenIo;
    /** {@link #preferCallerDrivenIo()} was called: on where the other options allow, unless callerDrivenIo says. */
    private boolean preferCallerDrivenIo;
    private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private int maxInFlightPerConnection = DEFAULT_MAX_IN_FLIGHT_PER_CONNECTION;
    private long maxArgumentBytes = DEFAULT_MAX_ARGUMENT_BYTES;
    private int maxQueuedWhileDisconnected = DEFAULT_MAX_QUEUED_WHILE_DISCONNECTED;
    private int blockingConnectionsPerNode = DEFAULT_BLOCKING_CONNECTIONS_PER_NODE;
    private int watchConnectionsPerNode = DEFAULT_WATCH_CONNECTIONS_PER_NODE;
    private Executor completionExecutor;
    private boolean directCompletion;
    private RespLimits replyLimits = RespLimits.DEFAULTS;
    private ReconnectBackoff reconnectBackoff = ReconnectBackoff.DEFAULT;
    /** Extra addresses tried in order after host/port when it does not answer (cluster seeds). */
    private List<Endpoint> extraSeeds = List.of();
    private ReadPolicy readPolicy = ReadPolicy.PRIMARY;
    private String clientZone;
    private int maxRedirects = 5;
    private Duration topologyRefreshPeriod = Duration.ofSeconds(30);
    private boolean redirectsOutsideTopology;
    private RedisEventListener eventListener;
    private boolean retryReads = true;
    private Duration pingInterval = DEFAULT_PING_INTERVAL;
    /** Null: the larger of the command timeout and {@link #MIN_DEFAULT_RESPONSE_TIMEOUT}. */
    private Duration responseTimeout;
    /** Null: plain TCP. */
    private TlsOptions tls;
    private CacheOptions cacheOptions;
    private boolean lazyConnect;
    private int pubSubQueueBound = DEFAULT_PUB_SUB_QUEUE_BOUND;
    private PubSubOverflow pubSubOverflow = PubSubOverflow.DROP_OLDEST;
    private CommandListener commandListener = CommandListener.NONE;
    /** Null: the slow-command log is off. */
    private Duration slowCommandThreshold;
    /** Null: a fixed address (or a cluster); otherwise the primary is found through these Sentinels. */
    private SentinelOptions sentinel;

    RedisClientBuilder() {}

    /**
     * Host, port, credentials and database from {@code redis://[user[:password]@]host[:port][/db]}
     * ({@code rediss://} for TLS), or, from {@code redis-sentinel://[user[:password]@]host1:26379,host2:26379/primaryName[/db]}
     * ({@code rediss-sentinel://} for TLS to the Sentinels and the data nodes), the Sentinels to find the
     * primary through, and the data nodes' credentials and database (see {@link #sentinel}).
     */
    public RedisClientBuilder uri(String uri) {
        if (SentinelUri.isSentinelUri(uri)) {
            SentinelUri parsed = SentinelUri.parse(uri);
            SentinelOptions options = parsed.options();
            if (parsed.tls()) {
                TlsOptions both = tls != null ? tls : TlsOptions.defaults(); // options given with tls(...) stay
                this.tls = both;
                options = options.tls(both);
            }
            this.sentinel = options;
            this.username = parsed.username();
            this.password = parsed.password();
            if (parsed.password() != null) {
                this.credentialsProvider = null;
            }
            this.database = parsed.database();
            return this;
        }
        this.sentinel = null;
        RedisUri parsed = RedisUri.parse(uri);
        this.host = parsed.host();
        this.port = parsed.port();
        this.username = parsed.username();
        this.password = parsed.password();
        if (parsed.password() != null) {
            this.credentialsProvider = null; // the URI's own secret wins over an earlier provider
        }
        this.database = parsed.database();
        if (parsed.tls() && tls == null) {
            this.tls = TlsOptions.defaults(); // options given with tls(...) stay
        }
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

    /**
     * Find the primary through Redis Sentinel instead of a fixed address: the client asks the Sentinels,
     * verifies the answer with {@code ROLE}, follows their events and moves its commands to the new primary
     * after a failover (docs/topologies.md, "Sentinel"). Replaces {@link #host}/{@link #uri} addresses; credentials, TLS,
     * database and {@link #readPolicy} given here apply to the data nodes, {@code options} holds the
     * Sentinels' own credentials and TLS and the failover behaviour.
     */
    public RedisClientBuilder sentinel(SentinelOptions options) {
        if (options == null) {
            throw new RedisArgumentException("sentinel options must not be null, e.g. SentinelOptions.of(\"mymaster\", \"host:26379\")");
        }
        this.sentinel = options;
        return this;
    }

    /**
     * Cluster and Sentinel: which node serves read-only commands, a shard's or a Sentinel-watched primary's
     * replicas included; default {@link ReadPolicy#PRIMARY}. The zone policies need {@link #clientZone}.
     */
    public RedisClientBuilder readPolicy(ReadPolicy policy) {
        if (policy == null) {
            throw new RedisArgumentException("readPolicy must not be null");
        }
        this.readPolicy = policy;
        return this;
    }

    /**
     * Cluster and Sentinel: the availability zone the client runs in ({@code us-east-1a}), compared with each
     * node's {@code availability_zone} under {@link ReadPolicy#ZONE_AFFINITY} and
     * {@link ReadPolicy#ZONE_AFFINITY_REPLICAS_AND_PRIMARY}; default none (null). Set, the client reads each
     * node's zone with {@code INFO server} at every handshake (pipelined, no extra round trip), so the serving
     * zone is also known to a {@link CommandListener} ({@link ObservedCommand#serverZone()}) under any policy.
     */
    public RedisClientBuilder clientZone(String zone) {
        if (zone != null && (zone.isEmpty() || zone.chars().anyMatch(c -> c <= ' '))) {
            throw new RedisArgumentException("clientZone must be non-empty without spaces or control characters, got '"
                    + zone + "'");
        }
        this.clientZone = zone;
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

    /**
     * Cluster only: whether a MOVED or ASK naming a node the cluster topology does not list is followed
     * at once (default false). Off, the client refreshes the topology first and follows only if the
     * refreshed topology lists the node; otherwise the command fails with {@link RedisRedirectException}
     * naming it, and no connection (so no credentials) ever goes to that address. Turn it on only when
     * nodes announce addresses the client cannot see in the topology, behind NAT or a proxy that rewrites
     * redirects; then any address a node (or whoever answers in its place) names receives the credentials.
     */
    public RedisClientBuilder redirectsOutsideTopology(boolean allowed) {
        this.redirectsOutsideTopology = allowed;
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
     * Valkey); off by default. See docs/client-side-cache.md.
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
        this.credentialsProvider = null;
        return this;
    }

    /**
     * Credentials asked for on every connect and reconnect, so secrets can rotate without a restart;
     * replaces {@link #credentials} and any user/password of the URI. See {@link CredentialsProvider}.
     */
    public RedisClientBuilder credentialsProvider(CredentialsProvider provider) {
        if (provider == null) {
            throw new RedisArgumentException("credentialsProvider must not be null");
        }
        this.credentialsProvider = provider;
        this.username = null;
        this.password = null;
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

    /**
     * Multiplexed connections per server, a power of two (1, 2, 4, 8...); each lands on its own I/O thread when there
     * are enough. Given, it applies to every server; by default 4 ({@link #DEFAULT_CONNECTIONS_PER_NODE}; 8 to a standalone or
     * Sentinel-watched server under {@link #callerDrivenIo(boolean)}, where each is what one blocking caller drives), and on a
     * cluster of more than 8 nodes 2 or 1 ({@link #DEFAULT_CLUSTER_CONNECTION_BUDGET}).
     */
    public RedisClientBuilder connectionsPerNode(int connections) {
        if (connections < 1 || Integer.bitCount(connections) != 1 || connections > 1024) {
            throw new RedisArgumentException("connectionsPerNode must be a power of two between 1 and 1024, got " + connections);
        }
        this.connectionsPerNode = connections;
        return this;
    }

    /**
     * Whether a caller with nothing in flight may take another connection while its own is receiving a
     * large reply (default on). Off saves a thread-local lookup and two atomic updates per command;
     * benchmark scenarios (c) and (d) measure both ways ({@code --clients fastpath,fastpath-nodetour}).
     */
    public RedisClientBuilder congestionDetour(boolean enabled) {
        this.congestionDetour = enabled;
        return this;
    }

    /**
     * How long a blocking caller that waits alone may spin before it parks (default 50 µs; {@code Duration.ZERO}
     * never spins), which saves most of a thread's wake-up on a local server. A caller spins only while no other
     * caller of a spinning client in the process is waiting, so at most one core spins, for at most this long per
     * call; when replies keep coming from far away (a distant server) callers stop spinning by themselves; a virtual
     * thread never spins (why, the rules and the measurements: the class comment of
     * {@code io.fastpath.internal.client.LoneCallerSpin}, the one explanation).
     */
    public RedisClientBuilder loneCallerSpin(Duration limit) {
        if (limit == null || limit.isNegative() || limit.compareTo(Duration.ofMillis(1)) > 0) {
            throw new RedisArgumentException("loneCallerSpin must be between 0 and 1 ms, got " + limit);
        }
        this.loneCallerSpin = limit;
        return this;
    }

    /**
     * Caller-driven I/O (default off; issue 30): a blocking caller on a platform thread that finds one of the
     * connections its command is routed to free runs that connection's event loop itself (writes its command, waits in
     * epoll/select, reads its reply) instead of handing the command to an I/O thread and being woken for the reply,
     * then frees it; a caller finding every connection driven waits as usual. Each connection gets an event loop of its
     * own and a background driver thread that serves it whenever no caller does (pushes, timers, reconnects, async
     * commands), so give it about as many connections ({@link #connectionsPerNode}) as concurrent blocking callers.
     * Virtual threads never drive. A standalone server, a cluster or a Sentinel-watched primary (and the replicas a
     * {@link #readPolicy} reads from; a command redirected or moved by a failover to another node still returns to
     * the caller driving the first one); refused with the client-side cache, {@link #directCompletion()} or a
     * host's event loops (fastpath-vertx), for now. Not called, the system property
     * {@value #CALLER_DRIVEN_IO_PROPERTY}{@code =true} turns it on wherever it applies (and leaves it off elsewhere).
     */
    public RedisClientBuilder callerDrivenIo(boolean enabled) {
        this.callerDrivenIo = enabled;
        return this;
    }

    /**
     * {@link #callerDrivenIo(boolean) Caller-driven I/O} wherever this client's other options allow it: on, unless the
     * client-side cache or {@link #directCompletion()} is set (then off, where {@code callerDrivenIo(true)} would refuse
     * to build) or the client runs on a host's event loops. A {@code callerDrivenIo(...)} call on the same builder wins
     * over it. The Spring Boot starter asks for it when the application's callers are platform threads.
     */
    public RedisClientBuilder preferCallerDrivenIo() {
        this.preferCallerDrivenIo = true;
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

    /**
     * How long a command may take from the call to its reply, queueing and reconnecting included: positive, at most
     * {@link #MAX_COMMAND_TIMEOUT}. A view's {@link RedisCommands#withTimeout} replaces it for that view's commands.
     */
    public RedisClientBuilder commandTimeout(Duration timeout) {
        this.commandTimeout = CommandTimeout.checked("commandTimeout", timeout);
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

    /**
     * The largest single argument (a key, a value, a field...) a command may carry, in bytes. Default 512 MB, the
     * server's default {@code proto-max-bulk-len}. A command with a larger argument fails with
     * {@link RedisArgumentException} before it is queued: sent, the server would refuse the argument by closing the
     * connection, and every other caller's command on it would fail as {@link RedisOutcomeUnknownException}. Lower it
     * to catch runaway values early (or when the server's {@code proto-max-bulk-len} is lower); raise it only with
     * the server's. The limit is per argument, as the server's is; the number of arguments is bounded by the
     * client's memory alone (the server takes up to 2^31 - 1 once authenticated).
     */
    public RedisClientBuilder maxArgumentBytes(long bytes) {
        if (bytes < 1 || bytes > Integer.MAX_VALUE) {
            throw new RedisArgumentException("maxArgumentBytes must be within 1.." + Integer.MAX_VALUE
                    + " (a Java array's bound), got " + bytes);
        }
        this.maxArgumentBytes = bytes;
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

    /**
     * Connections per server for blocking commands (BLPOP, XREAD BLOCK, WAIT...), one command each at a
     * time, opened on first use; a caller finding all busy waits for one until its command timeout.
     */
    public RedisClientBuilder blockingConnectionsPerNode(int connections) {
        if (connections < 1) {
            throw new RedisArgumentException("blockingConnectionsPerNode must be at least 1, got " + connections);
        }
        this.blockingConnectionsPerNode = connections;
        return this;
    }

    /** Connections per server for {@code watch(...)} transactions, one at a time each, opened on first use. */
    public RedisClientBuilder watchConnectionsPerNode(int connections) {
        if (connections < 1) {
            throw new RedisArgumentException("watchConnectionsPerNode must be at least 1, got " + connections);
        }
        this.watchConnectionsPerNode = connections;
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
     * stalls every connection on that thread. Only for callbacks that are short and never block: a sync
     * command, a transaction, {@code subscribe} or {@code close()} called from such a callback throws
     * {@link IllegalStateException} at once (it would wait for the very thread it runs on); chain the
     * async API instead.
     */
    public RedisClientBuilder directCompletion() {
        this.directCompletion = true;
        this.completionExecutor = null;
        return this;
    }

    /** Decoder limits: a reply over a limit closes its connection with an error naming the limit. */
    public RedisClientBuilder replyLimits(int maxBulkLength, int maxAggregateLength, int maxNestingDepth) {
        this.replyLimits = new RespLimits(maxBulkLength, maxAggregateLength, maxNestingDepth);
        return this;
    }

    /** Reconnect delays: attempt n waits a jittered min(max, base * 2^n); the first attempt is immediate. */
    public RedisClientBuilder reconnectBackoff(Duration base, Duration max) {
        this.reconnectBackoff = new ReconnectBackoff(positive("base", base), positive("max", max));
        return this;
    }

    /**
     * Told about connects, disconnects, reconnect attempts, cluster topology changes and redirects, in
     * order, off the I/O threads (see {@link RedisEventListener}); default: nobody. At most 8,192 events wait
     * for it: while it lags that far behind, newer events are dropped and counted, and it is told how many
     * with {@link RedisEvent.EventsDropped} once it has caught up.
     */
    public RedisClientBuilder eventListener(RedisEventListener listener) {
        if (listener == null) {
            throw new RedisArgumentException("eventListener must not be null");
        }
        this.eventListener = listener;
        return this;
    }

    /**
     * Whether a read-only command (GET, MGET, HGETALL...) whose connection was lost after it was written is
     * sent again after the reconnect, within its deadline (default true). Writes are retried only when
     * marked with {@link Command#idempotent()}; never-written commands always wait for the reconnect.
     */
    public RedisClientBuilder retryReads(boolean enabled) {
        this.retryReads = enabled;
        return this;
    }

    /** An idle connection sends PING after this long without reading anything; default 5 s, zero turns it off. */
    public RedisClientBuilder pingInterval(Duration interval) {
        this.pingInterval = notNegative("pingInterval", interval);
        return this;
    }

    /**
     * How long a connection may stay silent while replies are awaited before it is declared hung and closed
     * (its commands fail with {@link RedisOutcomeUnknownException}, the reconnect starts): catches a
     * paused or unreachable server that TCP still shows as connected. Also the socket's TCP_USER_TIMEOUT
     * on epoll. It must exceed the longest command the server may run. Default: the larger of the
     * command timeout and 10 s; zero turns it off.
     */
    public RedisClientBuilder responseTimeout(Duration timeout) {
        this.responseTimeout = notNegative("responseTimeout", timeout);
        return this;
    }

    /**
     * Connect with TLS using these options (trust, client certificate for mutual TLS, hostname
     * verification); {@code rediss://} URIs turn TLS on with {@link TlsOptions#defaults()} otherwise.
     */
    public RedisClientBuilder tls(TlsOptions options) {
        if (options == null) {
            throw new RedisArgumentException("tls options must not be null");
        }
        this.tls = options;
        return this;
    }

    /**
     * {@link #build()} returns without waiting for the server, even while it is down: the connections keep
     * trying in the background (with {@link #reconnectBackoff}), and each command waits for the first
     * handshake up to its {@link #commandTimeout}, then fails with {@link RedisNotSentException}. Off by
     * default: {@code build()} then connects first and throws {@link RedisConnectionException} if it cannot.
     *
     * <p>Standalone servers only, with one address: a cluster client's routing comes from the topology its
     * seed returns, which does not exist before a connect. {@link #seeds} with more than one address is
     * refused here; a single address that turns out to be a cluster node refuses every handshake, so
     * commands fail not-sent with a {@link RedisConnectionException} cause saying so.
     */
    public RedisClientBuilder lazyConnect() {
        this.lazyConnect = true;
        return this;
    }

    /**
     * Bounds each subscription's delivery queue: at most {@code maxMessages} messages wait for its listener
     * (the one it is handling aside), and when a slow listener leaves it full, {@code overflow} decides what
     * is lost. Losses are counted ({@link Subscription#droppedMessages()}) and reported with
     * {@link RedisEvent.SubscriptionOverflow}. Default: 10,000 messages, {@link PubSubOverflow#DROP_OLDEST};
     * a subscription then holds at most that many messages in memory (10 MB of 1 KB messages).
     */
    public RedisClientBuilder pubSubQueue(int maxMessages, PubSubOverflow overflow) {
        if (maxMessages < 1) {
            throw new RedisArgumentException("pubSubQueue maxMessages must be at least 1, got " + maxMessages);
        }
        if (overflow == null) {
            throw new RedisArgumentException("pubSubQueue needs an overflow policy, e.g. PubSubOverflow.DROP_OLDEST");
        }
        this.pubSubQueueBound = maxMessages;
        this.pubSubOverflow = overflow;
        return this;
    }

    /**
     * Sees every command (start, write, reply, completion: node, outcome, bytes, redirects, retries) and the
     * client's connections, reconnects, topology refreshes and cache: the hook that {@code fastpath-micrometer}
     * and {@code fastpath-opentelemetry} plug in (see {@link CommandListener} for the threads it is called on).
     * Default {@link CommandListener#NONE}: nothing is observed and no clock is read for it.
     */
    public RedisClientBuilder commandListener(CommandListener listener) {
        if (listener == null) {
            throw new RedisArgumentException("commandListener must not be null (CommandListener.NONE observes nothing)");
        }
        this.commandListener = listener;
        return this;
    }

    /**
     * Logs (WARNING, logger {@code io.fastpath.SlowCommands}, through {@code System.Logger}) every command that
     * took {@code threshold} or longer from the call to its completion, with where the time went: queued,
     * on the wire, and from the reply to the caller. No argument value is logged. At most 10 lines a second;
     * the next line says how many were left out. Default: off.
     */
    public RedisClientBuilder slowCommandLog(Duration threshold) {
        this.slowCommandThreshold = positive("slowCommandLog threshold", threshold);
        return this;
    }

    /**
     * Connects every connection and completes its handshake; throws {@link RedisConnectionException} if it
     * cannot (unless {@link #lazyConnect()}).
     */
    public RedisClient build() {
        return build(null);
    }

    static {
        // fastpath-vertx's way in (not public API): internal.hosted cannot name this class without an import cycle
        HostedClients.install((builder, loops) -> ((RedisClientBuilder) builder).build(loops));
    }

    /** {@link #build()}; with {@code hostLoops} not null, on those event loops instead of threads of the client's own. */
    private RedisClient build(EventLoopGroup hostLoops) {
        if (hostLoops != null && Boolean.TRUE.equals(callerDrivenIo)) {
            throw new RedisArgumentException("callerDrivenIo(true) gives each connection an event loop its callers drive;"
                    + " a client on a host's event loops (fastpath-vertx) runs on the host's: build it without callerDrivenIo");
        }
        ClientAssembly.Assembled assembled = ClientAssembly.assemble(settings(), hostLoops);
        return new RedisClient(assembled.core(), assembled.description());
    }

    /** The options as one value, after the checks that span several of them; the engine sees nothing else. */
    ClientSettings settings() {
        if (sentinel != null && (lazyConnect || !extraSeeds.isEmpty())) {
            throw new RedisArgumentException("a Sentinel client finds its primary through the Sentinels: "
                    + (lazyConnect ? "lazyConnect()" : "seeds(...)") + " does not apply to it");
        }
        if ((readPolicy == ReadPolicy.ZONE_AFFINITY || readPolicy == ReadPolicy.ZONE_AFFINITY_REPLICAS_AND_PRIMARY) && clientZone == null) {
            throw new RedisArgumentException("readPolicy " + readPolicy + " reads from the nodes in the client's zone:"
                    + " name it with clientZone(\"...\"), as the servers' availability-zone setting names theirs");
        }
        if (lazyConnect && !extraSeeds.isEmpty()) {
            throw new RedisArgumentException("lazyConnect() serves one standalone server, but seeds(...) named "
                    + (extraSeeds.size() + 1) + " addresses: a cluster client needs its topology before it can route, "
                    + "so build it without lazyConnect()");
        }
        String notWithCallerDrivenIo = notWithCallerDrivenIo();
        if (Boolean.TRUE.equals(callerDrivenIo) && notWithCallerDrivenIo != null) {
            throw new RedisArgumentException("callerDrivenIo(true) serves clients without " + notWithCallerDrivenIo
                    + " for now: build the client without one of them");
        }
        boolean driven = callerDrivenIo != null ? callerDrivenIo
                : (preferCallerDrivenIo || Boolean.getBoolean(CALLER_DRIVEN_IO_PROPERTY)) && notWithCallerDrivenIo == null;
        return new ClientSettings(host, port, username, password, credentialsProvider, database, clientName,
                connectionsPerNode, ioThreads, congestionDetour, loneCallerSpin, driven, commandTimeout, connectTimeout,
                maxInFlightPerConnection, maxArgumentBytes, maxQueuedWhileDisconnected, blockingConnectionsPerNode,
                watchConnectionsPerNode, completionExecutor, directCompletion, replyLimits, reconnectBackoff, extraSeeds, readPolicy,
                clientZone, maxRedirects, topologyRefreshPeriod, redirectsOutsideTopology, eventListener, retryReads, pingInterval,
                responseTimeout, tls, cacheOptions, lazyConnect, pubSubQueueBound, pubSubOverflow, commandListener,
                slowCommandThreshold, sentinel, sentinelAddresses());
    }

    /** What callerDrivenIo does not serve yet among the options given (it serves every topology), or null. */
    private String notWithCallerDrivenIo() {
        return cacheOptions != null ? "clientSideCache(...)" : directCompletion ? "directCompletion()" : null;
    }

    /** The Sentinels' addresses, parsed here where {@link HostAndPort} lives (SentinelOptions has checked them). */
    private List<Endpoint> sentinelAddresses() {
        if (sentinel == null) {
            return List.of();
        }
        List<Endpoint> addresses = new ArrayList<>();
        for (String address : sentinel.sentinels()) {
            HostAndPort parsed = HostAndPort.parse(address, SentinelOptions.DEFAULT_SENTINEL_PORT, "Sentinel address");
            addresses.add(new Endpoint(parsed.host(), parsed.port()));
        }
        return addresses;
    }

    private static Duration notNegative(String name, Duration duration) {
        if (duration == null || duration.isNegative()) {
            throw new RedisArgumentException(name + " must be zero (off) or positive, got " + duration);
        }
        return duration;
    }

    private static Duration positive(String name, Duration duration) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new RedisArgumentException(name + " must be positive, got " + duration);
        }
        return duration;
    }
}
