package io.fastpath.micrometer;

import io.fastpath.ObservedCommand;
import io.fastpath.ObservedConnection;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The meters of one node ({@code host:port}): its command timers, byte and retry counters, and the gauges
 * over its open connections. Registered when the node's first connection opens and removed, every one,
 * when its last closes, so a cluster node that leaves takes its meters with it.
 *
 * <p>Thread-safe: commands record from any client thread; connections come and go under the listener's map.
 */
final class NodeMeters {
    private final MeterRegistry registry;
    private final Tags nodeTags;
    private final TimerSettings timers;
    private final boolean firstResponse;
    /** Every meter registered for this node, so retiring removes them all. */
    private final List<Meter> registered = new CopyOnWriteArrayList<>();
    private final Set<ObservedConnection> connections = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, CommandMeters> byCommand = new ConcurrentHashMap<>();
    private final Counter sent;
    private final Counter received;
    private final Counter redirects;
    private final Counter retries;
    private final Counter reconnects;
    /** Set once removed from the registry: a late command or connection must make a new instance. */
    private volatile boolean retired;

    NodeMeters(MeterRegistry registry, Tags tags, String node, TimerSettings timers, boolean firstResponse, boolean withGauges) {
        this.registry = registry;
        this.nodeTags = tags.and("node", node);
        this.timers = timers;
        this.firstResponse = firstResponse;
        this.sent = add(Counter.builder(MeterNames.NETWORK_SENT).baseUnit(BaseUnits.BYTES)
                .description("Bytes written for commands").tags(nodeTags).register(registry));
        this.received = add(Counter.builder(MeterNames.NETWORK_RECEIVED).baseUnit(BaseUnits.BYTES)
                .description("Bytes of replies read").tags(nodeTags).register(registry));
        this.redirects = add(Counter.builder(MeterNames.COMMAND_REDIRECTS)
                .description("MOVED/ASK redirects followed by commands this node finally served").tags(nodeTags).register(registry));
        this.retries = add(Counter.builder(MeterNames.COMMAND_RETRIES)
                .description("Commands sent again after TRYAGAIN, CLUSTERDOWN, LOADING or a lost connection")
                .tags(nodeTags).register(registry));
        this.reconnects = add(Counter.builder(MeterNames.RECONNECTS)
                .description("Reconnect attempts scheduled after a lost or failed connection").tags(nodeTags).register(registry));
        if (withGauges) {
            for (String state : List.of("ready", "connecting", "disconnected")) {
                add(Gauge.builder(MeterNames.CONNECTIONS, this, meters -> meters.connectionsIn(state))
                        .description("Connections to the node by state").tags(nodeTags.and("state", state))
                        .strongReference(true).register(registry));
            }
            add(Gauge.builder(MeterNames.COMMANDS_QUEUED, this, NodeMeters::queued)
                    .description("Commands accepted and not yet written (queued, or held while reconnecting)")
                    .tags(nodeTags).strongReference(true).register(registry));
            add(Gauge.builder(MeterNames.COMMANDS_IN_FLIGHT, this, NodeMeters::inFlight)
                    .description("Commands written and awaiting their replies").tags(nodeTags).strongReference(true).register(registry));
        }
    }

    private <M extends Meter> M add(M meter) {
        registered.add(meter);
        return meter;
    }

    /** Records one completed command: no allocation once its command's meters exist (MicrometerAllocationIT, ListenerCostBenchmark). */
    void record(ObservedCommand command) {
        CommandMeters meters = byCommand.get(command.name());
        if (meters == null) {
            meters = byCommand.computeIfAbsent(command.name(), name -> new CommandMeters(this, name));
        }
        meters.completion(command).record(command.completedNanos() - command.startNanos(), TimeUnit.NANOSECONDS);
        if (firstResponse && command.replyNanos() != 0) {
            meters.firstResponse.record(command.replyNanos() - command.startNanos(), TimeUnit.NANOSECONDS);
        }
        if (command.bytesOut() > 0) {
            sent.increment(command.bytesOut());
        }
        if (command.bytesIn() > 0) {
            received.increment(command.bytesIn());
        }
        if (command.redirects() > 0) {
            redirects.increment(command.redirects());
        }
        if (command.retries() > 0) {
            retries.increment(command.retries());
        }
    }

    /** Registers a meter of this node (a command's timer), unless the node was retired meanwhile. */
    <M extends Meter> M register(M meter) {
        add(meter);
        if (retired) {
            registry.remove(meter); // the node left while this was made: it must not outlive the others
        }
        return meter;
    }

    MeterRegistry registry() {
        return registry;
    }

    Tags tags() {
        return nodeTags;
    }

    TimerSettings timers() {
        return timers;
    }

    boolean firstResponse() {
        return firstResponse;
    }

    void reconnectScheduled() {
        reconnects.increment();
    }

    void opened(ObservedConnection connection) {
        connections.add(connection);
    }

    /** True when that was the node's last open connection. */
    boolean closed(ObservedConnection connection) {
        connections.remove(connection);
        return connections.isEmpty();
    }

    boolean isRetired() {
        return retired;
    }

    /** Removes every meter of this node from the registry. */
    void retire() {
        retired = true;
        for (Meter meter : registered) {
            registry.remove(meter);
        }
    }

    private double connectionsIn(String state) {
        int count = 0;
        for (ObservedConnection connection : connections) {
            String current = connection.state();
            String bucket = current.equals("handshaking") ? "connecting" : current;
            if (bucket.equals(state)) {
                count++;
            }
        }
        return count;
    }

    private double queued() {
        int total = 0;
        for (ObservedConnection connection : connections) {
            total += connection.queuedCommands();
        }
        return total;
    }

    private double inFlight() {
        int total = 0;
        for (ObservedConnection connection : connections) {
            total += connection.commandsInFlight();
        }
        return total;
    }
}
