package io.fastpath.benchmarks.cache;

import io.fastpath.benchmarks.Keyspace;
import io.fastpath.benchmarks.ServerAdmin;
import io.fastpath.testkit.RedisServer;
import java.util.List;
import java.util.SplittableRandom;
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
 * A client-side cache hit when the application reads many keys uniformly at random (issue 30, item 4): 100,000 keys,
 * all cached, read in a precomputed random order, so most hits find the cache's entry outside the CPU's caches, where
 * {@link CacheReadBenchmark#hit} walks 1,000 keys that stay in them. One thread, nothing writing; both caches are
 * bounded well above what they hold (Fastpath by bytes, Lettuce's LRU map by entries), so nothing is evicted:
 *
 * <pre>
 * java -cp "benchmarks/target/classes:$(cat benchmarks/target/bench.classpath)" org.openjdk.jmh.Main \
 *     CacheUniformHitBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class CacheUniformHitBenchmark {
    static final int KEYS = 100_000;
    /** A power of two: the random order repeats after this many reads, far more than the keys. */
    private static final int ORDER_LENGTH = 1 << 22;

    /** fastpath: the default bound on invalidation delay; fastpath-unbounded: without it; lettuce: ClientSideCaching over an LRU map. */
    @Param({"fastpath", "fastpath-unbounded", "lettuce"})
    public String client;

    private RedisServer server;
    private CachedReader reader;
    private String[] keys;
    private int[] order;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        server = RedisServer.start();
        keys = Keyspace.keys("uniform:", KEYS).toArray(String[]::new);
        try (ServerAdmin admin = ServerAdmin.connect(server.port())) {
            admin.setAll(List.of(keys), Keyspace.SMALL_VALUE_BYTES);
        }
        reader = CachedReaders.create(client, server.uri(), 256L << 20, 2 * KEYS);
        for (String key : keys) {
            reader.get(key); // fills the cache: every read of hit() is served from memory
        }
        SplittableRandom random = new SplittableRandom(30);
        order = random.ints(ORDER_LENGTH, 0, KEYS).toArray();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        // Fastpath with the delay bound may miss a few reads after the fill (a loop's old heartbeat sends the read to
        // the server): said here, since each such read costs a round trip in the mean.
        System.err.printf("%s: %,d reads missed after the fill; holds %s%n", client, reader.misses() - KEYS, reader.held());
        reader.close();
        server.close();
    }

    @Benchmark
    public String hit() {
        int index = next;
        next = (index + 1) & (ORDER_LENGTH - 1);
        return reader.get(keys[order[index]]);
    }
}
