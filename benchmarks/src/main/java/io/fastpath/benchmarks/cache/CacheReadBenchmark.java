package io.fastpath.benchmarks.cache;

import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
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
 * A client-side cache hit and a miss alone, through each client's public API as scenario (g1) drives it: one thread,
 * nothing else writing. {@code hit} reads 1,000 keys that are all cached; {@code miss} walks 100,000 keys, 50 times
 * what the cache holds, so every read goes to the server and stores what it read (the bound then evicts one). Scenario
 * g1 mixes both with a writing client, a clock read per GET and another JVM's threads on the same 2 cores; this
 * prices each path in ns per GET (and bytes per GET with {@code -prof gc}), and {@code fastpath-uncached}'s
 * {@code miss} is the plain GET a miss is compared with:
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
    private static final int HOT_KEYS = 1_000;
    private static final int COLD_KEYS = 100_000;

    /**
     * fastpath: the default bound on invalidation delay; fastpath-unbounded: without it; fastpath-uncached: no cache
     * (every read a GET); lettuce: its ClientSideCaching over an LRU map of 2,000 entries.
     */
    @Param({"fastpath", "fastpath-unbounded", "fastpath-uncached", "lettuce"})
    public String client;

    private RedisServer server;
    private CachedReader reader;
    private final String[] hotKeys = new String[HOT_KEYS];
    private final String[] coldKeys = new String[COLD_KEYS];
    private int nextHot;
    private int nextCold;

    @Setup(Level.Trial)
    public void setUp() {
        server = RedisServer.start();
        try (RespClient admin = server.admin()) {
            for (int i = 0; i < HOT_KEYS; i++) {
                hotKeys[i] = "hot:" + i;
                admin.call("SET", hotKeys[i], "value-" + i);
            }
            for (int i = 0; i < COLD_KEYS; i++) {
                coldKeys[i] = "cold:" + i;
                admin.call("SET", coldKeys[i], "value-" + i);
            }
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
        nextHot = index + 1 == HOT_KEYS ? 0 : index + 1;
        return reader.get(hotKeys[index]);
    }

    @Benchmark
    public String miss() {
        int index = nextCold;
        nextCold = index + 1 == COLD_KEYS ? 0 : index + 1;
        return reader.get(coldKeys[index]);
    }
}
