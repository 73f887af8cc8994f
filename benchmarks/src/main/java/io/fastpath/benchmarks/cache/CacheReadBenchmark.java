package io.fastpath.benchmarks.cache;

import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.ServerAdmin;
import io.fastpath.testkit.RedisServer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A client-side cache hit and a miss alone, through each client's public API and on scenario (g1)'s key space: one
 * thread, nothing else writing. {@code hit} reads 1,000 keys that are all cached; {@code miss} walks 100,000 keys, 50 times
 * what the cache holds, so every read goes to the server and stores what it read (the bound then evicts one). Scenario
 * g1 mixes both with a writing client, a clock read per GET and another JVM's threads on the same 2 cores; this
 * prices each path: a hit in ns (and bytes with {@code -prof gc}), a miss sampled in µs with its percentiles, and
 * {@code fastpath-uncached}'s {@code miss} is the plain GET a miss is compared with:
 *
 * <pre>
 * java -cp "benchmarks/target/classes:$(cat benchmarks/target/bench.classpath)" org.openjdk.jmh.Main \
 *     CacheReadBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class CacheReadBenchmark {
    /**
     * fastpath: the default bound on invalidation delay; fastpath-unbounded: without it; fastpath-uncached: no cache
     * (every read a GET); lettuce: its ClientSideCaching over an LRU map of 2,000 entries.
     */
    @Param({"fastpath", "fastpath-unbounded", "fastpath-uncached", "lettuce"})
    public String client;

    private RedisServer server;
    private CachedReader reader;
    private String[] hotKeys;
    private String[] coldKeys;
    private int nextHot;
    private int nextCold;

    @Setup(Level.Trial)
    public void setUp() {
        server = RedisServer.start();
        hotKeys = Keyspace.keys("hot:", CacheHitRateScenario.HOT_KEYS).toArray(String[]::new);
        coldKeys = Keyspace.keys("cold:", CacheHitRateScenario.COLD_KEYS).toArray(String[]::new);
        try (ServerAdmin admin = ServerAdmin.connect(server.port())) {
            admin.setAll(List.of(hotKeys), Keyspace.SMALL_VALUE_BYTES);
            admin.setAll(List.of(coldKeys), Keyspace.SMALL_VALUE_BYTES);
        }
        reader = CachedReaders.create(client, server.uri());
        for (String key : hotKeys) {
            reader.get(key); // fills the cache: every read of hit() is served from memory
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        reader.close();
        server.close();
    }

    @Benchmark
    public String hit() {
        int index = nextHot;
        nextHot = index + 1 == hotKeys.length ? 0 : index + 1;
        return reader.get(hotKeys[index]);
    }

    /**
     * Sampled, in µs with percentiles: a miss's round trip ends either inside the lone caller's spin or after a park,
     * so its mean swings by tens of µs between runs while its p50 holds within a few (2026-11-27: averaged runs 45-70
     * µs, eight sampled runs' p50 43-49 µs).
     */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public String miss() {
        int index = nextCold;
        nextCold = index + 1 == coldKeys.length ? 0 : index + 1;
        return reader.get(coldKeys[index]);
    }
}
