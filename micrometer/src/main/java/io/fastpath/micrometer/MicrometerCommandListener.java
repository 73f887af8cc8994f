package io.fastpath.micrometer;

import io.fastpath.CommandListener;
import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.fastpath.ObservedConnection;
import io.fastpath.RedisClientBuilder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fastpath's meters on a Micrometer {@link MeterRegistry}: a {@link CommandListener} for
 * {@link RedisClientBuilder#commandListener}. Per node ({@code host:port}, so each cluster node has its own
 * series): the completion and first-response timers per command and outcome, bytes sent and received,
 * redirects and retries, reconnect attempts, and gauges of the node's connections by state and of its
 * queued and in-flight commands; per client: reads per serving zone, topology refreshes and the client-side cache. Names are in
 * {@link MeterNames}; docs/observability.md explains the dashboards they make.
 *
 * <pre>{@code
 * RedisClient redis = RedisClient.builder().uri("redis://cache:6379")
 *         .commandListener(MicrometerCommandListener.builder(registry).tag("client", "orders").build())
 *         .build();
 * }</pre>
 *
 * <p>One listener per client: give each client its own (with a distinguishing tag when they share a registry).
 * A node's meters are removed when its last connection closes (it left the cluster, or the client closed).
 * Recording a command looks its timer up in two maps keyed by strings the client already holds and
 * allocates nothing once the timer exists.
 */
public final class MicrometerCommandListener implements CommandListener {
    /** The node of a command no connection took (no node served its slot). */
    static final String NO_NODE = "none";

    private final MeterRegistry registry;
    private final Tags tags;
    private final TimerSettings timers;
    private final boolean firstResponse;
    private final ConcurrentHashMap<String, NodeMeters> nodes = new ConcurrentHashMap<>();
    /** Commands that failed before any connection took them; made on first use. */
    private final AtomicReference<NodeMeters> unrouted = new AtomicReference<>();
    private final AtomicReference<ClientMeters> client = new AtomicReference<>();
    private final ZoneMeters zones;

    private MicrometerCommandListener(Builder builder) {
        this.registry = builder.registry;
        this.tags = builder.tags;
        this.timers = new TimerSettings(builder.percentiles, builder.histogram, builder.serviceLevelObjectives,
                builder.minimum, builder.maximum);
        this.firstResponse = builder.firstResponse;
        this.zones = new ZoneMeters(registry, tags);
    }

    /** With the registry's own distribution settings and no extra tag. */
    public static MicrometerCommandListener create(MeterRegistry registry) {
        return builder(registry).build();
    }

    public static Builder builder(MeterRegistry registry) {
        return new Builder(registry);
    }

    @Override
    public void commandCompleted(ObservedCommand command) {
        String node = command.node();
        NodeMeters meters = node == null ? unrouted() : nodes.get(node);
        if (meters != null) { // null: a command completing after its node's last connection closed (not counted)
            meters.record(command);
        }
        zones.record(command);
    }

    private NodeMeters unrouted() {
        NodeMeters meters = unrouted.get();
        if (meters == null) {
            unrouted.compareAndSet(null, new NodeMeters(registry, tags, NO_NODE, timers, firstResponse, false));
            meters = unrouted.get();
        }
        return meters;
    }

    @Override
    public void connectionOpened(ObservedConnection connection) {
        nodes.compute(connection.node(), (node, meters) -> {
            NodeMeters current = meters == null || meters.isRetired()
                    ? new NodeMeters(registry, tags, node, timers, firstResponse, true) : meters;
            current.opened(connection);
            return current;
        });
    }

    @Override
    public void connectionClosed(ObservedConnection connection) {
        nodes.computeIfPresent(connection.node(), (node, meters) -> {
            if (meters.closed(connection)) {
                meters.retire(); // the node's last connection: its meters go with it
                return null;
            }
            return meters;
        });
    }

    @Override
    public void reconnectScheduled(ObservedConnection connection, int attempt) {
        NodeMeters meters = nodes.get(connection.node());
        if (meters != null) {
            meters.reconnectScheduled();
        }
    }

    @Override
    public void topologyRefreshed(ObservedClient observed, boolean applied) {
        ClientMeters meters = client.get();
        if (meters != null) {
            meters.topologyRefreshed(applied);
        }
    }

    @Override
    public void clientStarted(ObservedClient observed) {
        if (!client.compareAndSet(null, new ClientMeters(registry, tags, observed))) {
            throw new IllegalStateException("a MicrometerCommandListener serves one client: build one per client"
                    + " (with a distinguishing tag when they share a registry)");
        }
    }

    @Override
    public void clientClosed(ObservedClient observed) {
        ClientMeters meters = client.getAndSet(null);
        if (meters != null) {
            meters.remove();
        }
        zones.remove();
        NodeMeters none = unrouted.getAndSet(null);
        if (none != null) {
            none.retire();
        }
        nodes.values().removeIf(node -> {
            node.retire(); // every connection is closed by now; this only catches one that never reported it
            return true;
        });
    }

    /** Options of {@link MicrometerCommandListener}. */
    public static final class Builder {
        private final MeterRegistry registry;
        private Tags tags = Tags.empty();
        private double[] percentiles = new double[0];
        private Boolean histogram;
        private Duration[] serviceLevelObjectives = new Duration[0];
        /** Redis answers in microseconds: Micrometer's timer default of 1 ms would put most commands in its first bucket. */
        private Duration minimum = Duration.ofNanos(10_000);
        private Duration maximum = Duration.ofSeconds(10);
        private boolean firstResponse = true;

        private Builder(MeterRegistry registry) {
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /** Tags added to every meter, e.g. {@code tag("client", "orders")}. */
        public Builder tags(Iterable<Tag> extra) {
            this.tags = this.tags.and(extra);
            return this;
        }

        public Builder tag(String key, String value) {
            this.tags = this.tags.and(key, value);
            return this;
        }

        /** Client-side percentiles of the command timers, e.g. {@code 0.5, 0.99} (not aggregable across instances). */
        public Builder percentiles(double... percentiles) {
            this.percentiles = percentiles.clone();
            return this;
        }

        /** Publishes the timers' percentile histogram (buckets), for server-side quantiles such as Prometheus' histogram_quantile. */
        public Builder percentileHistogram(boolean enabled) {
            this.histogram = enabled;
            return this;
        }

        /** Extra histogram buckets at these latencies, e.g. the 1 ms a service promises. */
        public Builder serviceLevelObjectives(Duration... objectives) {
            this.serviceLevelObjectives = objectives.clone();
            return this;
        }

        /** The range the histogram's buckets cover: default 10 µs to 10 s (Micrometer's own default for timers is 1 ms to 30 s). */
        public Builder expectedRange(Duration minimum, Duration maximum) {
            this.minimum = Objects.requireNonNull(minimum, "minimum");
            this.maximum = Objects.requireNonNull(maximum, "maximum");
            return this;
        }

        /** Whether to register {@code fastpath.command.firstresponse} as well (default true). */
        public Builder firstResponseTimer(boolean enabled) {
            this.firstResponse = enabled;
            return this;
        }

        public MicrometerCommandListener build() {
            return new MicrometerCommandListener(this);
        }
    }
}
