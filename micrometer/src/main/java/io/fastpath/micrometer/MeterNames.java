package io.fastpath.micrometer;

/**
 * The names of the meters {@link MicrometerCommandListener} registers (Micrometer's dotted lower-case form;
 * each registry renders them its own way, e.g. Prometheus {@code fastpath_command_completion_seconds}). The
 * two command timers follow Lettuce's {@code MicrometerCommandLatencyRecorder} ({@code lettuce.command.completion},
 * {@code lettuce.command.firstresponse}), so a dashboard built for one reads the other with its prefix changed.
 */
public final class MeterNames {
    /** Timer: from the call to the completion the caller sees. Tags {@code command, node, outcome, error}. */
    public static final String COMMAND_COMPLETION = "fastpath.command.completion";
    /** Timer: from the call to the decoded reply (commands that got one). Tags {@code command, node}. */
    public static final String COMMAND_FIRST_RESPONSE = "fastpath.command.firstresponse";
    /** Counter (bytes): bytes written for commands, per node. */
    public static final String NETWORK_SENT = "fastpath.network.sent";
    /** Counter (bytes): bytes of replies, per node. */
    public static final String NETWORK_RECEIVED = "fastpath.network.received";
    /**
     * Counter: read-only commands answered, tag {@code zone}: the availability zone of the node that served them
     * ({@code none} when it reports none, or when the client was built without a client zone and so reads no zones).
     */
    public static final String COMMAND_READS = "fastpath.command.reads";
    /** Counter: MOVED/ASK redirects commands followed, per node that finally served them. */
    public static final String COMMAND_REDIRECTS = "fastpath.command.redirects";
    /** Counter: commands sent again (TRYAGAIN, CLUSTERDOWN, LOADING..., replays after a lost connection), per node. */
    public static final String COMMAND_RETRIES = "fastpath.command.retries";
    /** Gauge: connections to a node by {@code state}: ready, connecting (handshake included), disconnected. */
    public static final String CONNECTIONS = "fastpath.connections";
    /** Gauge: commands accepted and not yet written, summed over a node's connections. */
    public static final String COMMANDS_QUEUED = "fastpath.commands.queued";
    /** Gauge: commands written and awaiting replies, summed over a node's connections. */
    public static final String COMMANDS_IN_FLIGHT = "fastpath.commands.inflight";
    /** Counter: reconnect attempts scheduled, per node. */
    public static final String RECONNECTS = "fastpath.connection.reconnects";
    /** Counter: cluster topology refreshes, tag {@code result}: applied, failed. */
    public static final String TOPOLOGY_REFRESHES = "fastpath.cluster.topology.refreshes";
    /** Function counter: client-side cache lookups, tag {@code result}: hit, miss (Micrometer's {@code cache.gets} shape). */
    public static final String CACHE_GETS = "fastpath.cache.gets";
    /** Function counter: entries evicted to respect the cache's byte bound. */
    public static final String CACHE_EVICTIONS = "fastpath.cache.evictions";
    /** Function counter: keys named in the server's invalidations (and one per flush). */
    public static final String CACHE_INVALIDATIONS = "fastpath.cache.invalidations";
    /** Gauge: keys the cache holds. */
    public static final String CACHE_SIZE = "fastpath.cache.size";
    /** Gauge (bytes): the cache's estimated size. */
    public static final String CACHE_USED = "fastpath.cache.used";

    private MeterNames() {}
}
