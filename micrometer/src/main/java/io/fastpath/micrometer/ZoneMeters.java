package io.fastpath.micrometer;

import io.fastpath.ObservedCommand;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads served per zone: {@link MeterNames#COMMAND_READS} tagged with the zone of the node that answered
 * ({@link ObservedCommand#serverZone()}, {@value #NO_ZONE} when it reported none). Per client, not per node, so a
 * zone's series survives its nodes coming and going. Removed when the client closes.
 *
 * <p>Thread-safe: commands record from any client thread; a zone's counter is made on its first read and then
 * found in one map lookup keyed by the string the connection already holds (no allocation).
 */
final class ZoneMeters {
    /** The zone tag of a read served by a node that reports no zone (or when the client reads no zones). */
    static final String NO_ZONE = "none";

    private final MeterRegistry registry;
    private final Tags tags;
    private final ConcurrentHashMap<String, Counter> readsByZone = new ConcurrentHashMap<>();

    ZoneMeters(MeterRegistry registry, Tags tags) {
        this.registry = registry;
        this.tags = tags;
    }

    /** Counts {@code command} when it is a read a node answered. */
    void record(ObservedCommand command) {
        if (!command.readOnly() || command.replyNanos() == 0) {
            return; // a write, or a read no server answered: no zone served it
        }
        String zone = command.serverZone();
        String key = zone == null ? NO_ZONE : zone;
        Counter reads = readsByZone.get(key);
        if (reads == null) {
            reads = readsByZone.computeIfAbsent(key, this::register);
        }
        reads.increment();
    }

    private Counter register(String zone) {
        return Counter.builder(MeterNames.COMMAND_READS)
                .description("Read-only commands answered, by the availability zone of the node that served them")
                .tags(tags).tag("zone", zone).register(registry);
    }

    void remove() {
        readsByZone.values().removeIf(counter -> {
            registry.remove(counter);
            return true;
        });
    }
}
