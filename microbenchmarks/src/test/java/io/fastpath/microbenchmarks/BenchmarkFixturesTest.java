package io.fastpath.microbenchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.PerCommandPathBenchmarkFixture;
import io.fastpath.internal.connection.QueueAndDrainBenchmarkFixture;
import org.junit.jupiter.api.Test;

/** The benchmarks price real work: each fixture step does what its benchmark says, once, outside JMH. */
class BenchmarkFixturesTest {

    @Test
    void theCommandPathEncodesAndCompletesAGetAndASet() {
        PerCommandPathBenchmarkFixture path = new PerCommandPathBenchmarkFixture();

        // *2\r\n $3\r\n GET\r\n $11\r\n user:000042\r\n: 4 + 4 + 5 + 5 + 13 bytes
        assertThat(path.buildAndEncodeGet()).isEqualTo(31);
        assertThat(path.buildAndEncodeSet()).isGreaterThan(100);
        assertThat(path.decodeMatchCompleteGet()).isEqualTo("v".repeat(100));
        assertThat(path.decodeMatchCompleteSet()).isTrue();
    }

    @Test
    void theMultiSetBenchmarkBuildsAndEncodesOneMsetOfAThousandPairs() {
        MultiSetEncodeBenchmark multiSet = new MultiSetEncodeBenchmark();

        assertThat(multiSet.buildMset()).isEqualTo(1 + 2 * MultiSetEncodeBenchmark.PAIRS);
        // every pair: $<key length>\r\n key\r\n $100\r\n value\r\n, after *2001\r\n $4\r\n MSET\r\n
        int keyBytes = 0;
        for (int i = 0; i < MultiSetEncodeBenchmark.PAIRS; i++) {
            String key = "j:" + i;
            keyBytes += ("$" + key.length() + "\r\n").length() + key.length() + 2;
        }
        assertThat(multiSet.encodeMset()).isEqualTo(7 + 10 + keyBytes + MultiSetEncodeBenchmark.PAIRS * (6 + 100 + 2));
    }

    @Test
    void theDrainTakesEveryCommandOffered() {
        QueueAndDrainBenchmarkFixture queue = new QueueAndDrainBenchmarkFixture();
        try {
            assertThat(queue.offerAndDrainLoneCommand()).isEqualTo(1);
            assertThat(queue.offerAndDrainBatch()).isEqualTo(1 + QueueAndDrainBenchmarkFixture.BATCH);
        } finally {
            queue.stop();
        }
    }
}
