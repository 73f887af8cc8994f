package io.fastpath.microbenchmarks;

import io.fastpath.ReadPolicy;
import io.fastpath.internal.client.ReplicaSelectorBenchmarkFixture;
import io.fastpath.internal.client.ServerNode;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * Issue 31: what choosing a shard's node costs a read under each replica policy (ReplicaSelector), on a shard of a
 * primary and two connected replicas in two zones: the zone policies against REPLICA_PREFERRED's random pick. Run with
 * {@code scripts/bench-micro ReplicaSelectorBenchmark -prof gc} for the bytes allocated per pick (none expected).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ReplicaSelectorBenchmark {
    @Param({"REPLICA_PREFERRED", "ZONE_AFFINITY", "ZONE_AFFINITY_REPLICAS_AND_PRIMARY"})
    public ReadPolicy policy;

    private ReplicaSelectorBenchmarkFixture shard;

    @Setup
    public void open() {
        shard = new ReplicaSelectorBenchmarkFixture();
    }

    @TearDown
    public void close() {
        shard.close();
    }

    @Benchmark
    public ServerNode select() {
        return shard.select(policy);
    }
}
