package io.fastpath.micrometer;

import io.fastpath.ObservedClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The meters of one client as a whole: topology refreshes, and the client-side cache's counters read from
 * {@link ObservedClient#cacheStats()} when a registry publishes (so a cache hit costs nothing here).
 * Removed when the client closes.
 */
final class ClientMeters {
    private final MeterRegistry registry;
    private final List<Meter> registered = new CopyOnWriteArrayList<>();
    private final Counter refreshesApplied;
    private final Counter refreshesFailed;

    ClientMeters(MeterRegistry registry, Tags tags, ObservedClient client) {
        this.registry = registry;
        this.refreshesApplied = add(refreshes(tags, "applied"));
        this.refreshesFailed = add(refreshes(tags, "failed"));
        if (client.cacheEnabled()) {
            for (String result : List.of("hit", "miss")) {
                add(FunctionCounter.builder(MeterNames.CACHE_GETS, client,
                                c -> result.equals("hit") ? c.cacheStats().hits() : c.cacheStats().misses())
                        .description("Client-side cache lookups: hit, answered from memory; miss, read from the server")
                        .tags(tags).tag("result", result).register(registry));
            }
            add(FunctionCounter.builder(MeterNames.CACHE_EVICTIONS, client, c -> c.cacheStats().evictions())
                    .description("Client-side cache entries evicted to respect its byte bound").tags(tags).register(registry));
            add(FunctionCounter.builder(MeterNames.CACHE_INVALIDATIONS, client, c -> c.cacheStats().invalidationsReceived())
                    .description("Keys named in the server's invalidation messages, plus one per flush").tags(tags).register(registry));
            add(Gauge.builder(MeterNames.CACHE_SIZE, client, c -> c.cacheStats().entries())
                    .description("Keys the client-side cache holds").tags(tags).strongReference(true).register(registry));
            add(Gauge.builder(MeterNames.CACHE_USED, client, c -> c.cacheStats().bytesUsed()).baseUnit(BaseUnits.BYTES)
                    .description("The client-side cache's estimated size").tags(tags).strongReference(true).register(registry));
        }
    }

    private Counter refreshes(Tags tags, String result) {
        return Counter.builder(MeterNames.TOPOLOGY_REFRESHES)
                .description("Cluster topology refreshes: applied, or failed (no node asked could answer)")
                .tags(tags).tag("result", result).register(registry);
    }

    private <M extends Meter> M add(M meter) {
        registered.add(meter);
        return meter;
    }

    void topologyRefreshed(boolean applied) {
        (applied ? refreshesApplied : refreshesFailed).increment();
    }

    void remove() {
        for (Meter meter : registered) {
            registry.remove(meter);
        }
    }
}
