package io.fastpath.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.RedisClient;
import io.fastpath.testkit.AllocatedBytes;
import io.fastpath.testkit.RedisServerExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.util.ResourceLeakDetector;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Recording a command in Micrometer allocates nothing once its timer exists: bytes allocated per blocking GET
 * by the caller and the client's threads, with and without the listener (a SimpleMeterRegistry, the timers as
 * Micrometer publishes them by default).
 */
class MicrometerAllocationIT {
    /** Calls before a measurement of code not yet run: the JIT compiles it. */
    private static final int WARMUP = 30_000;
    /** Calls before measuring again code an earlier measurement warmed (a new client over compiled code). */
    private static final int REWARMUP = 5_000;
    /** Calls measured: the bound of 16 bytes a call is 320 KB over them; two runs of one path differ by a few KB. */
    private static final int MEASURED = 20_000;

    @RegisterExtension
    static final RedisServerExtension REDIS = RedisServerExtension.standalone();

    static ResourceLeakDetector.Level leakDetection;

    @BeforeAll
    static void quietLeakDetection() {
        leakDetection = ResourceLeakDetector.getLevel(); // a stack trace per buffer would drown what is measured
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    @AfterAll
    static void restoreLeakDetection() {
        ResourceLeakDetector.setLevel(leakDetection);
    }

    @Test
    void recordingACommandAllocatesNothing() {
        double without = bytesPerGet(CommandListener.NONE, WARMUP);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        double with = bytesPerGet(MicrometerCommandListener.create(registry), WARMUP);
        double withoutAgain = bytesPerGet(CommandListener.NONE, REWARMUP);
        System.out.printf("bytes allocated per blocking GET: without a listener %.1f (again %.1f), with Micrometer %.1f%n",
                without, withoutAgain, with);
        assertThat(with - Math.min(without, withoutAgain)).as("bytes per GET the Micrometer listener adds").isLessThan(16.0);
    }

    private static double bytesPerGet(CommandListener listener, int warmup) {
        try (RedisClient redis = RedisClient.builder().uri(REDIS.server().uri()).connectionsPerNode(1).ioThreads(1)
                // every wait parks: a spun wait skips get()'s waiter node, and the spun share varies from run to run
                .loneCallerSpin(Duration.ZERO)
                .commandListener(listener).build()) {
            redis.set("allocation", "v");
            return AllocatedBytes.perCall(() -> redis.get("allocation"), warmup, MEASURED, "fastpath-");
        }
    }
}
