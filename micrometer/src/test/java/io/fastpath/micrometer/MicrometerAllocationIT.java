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
    private static final int WARMUP = 30_000;
    private static final int MEASURED = 50_000;

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
        double without = bytesPerGet(CommandListener.NONE);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        double with = bytesPerGet(MicrometerCommandListener.create(registry));
        double withoutAgain = bytesPerGet(CommandListener.NONE);
        System.out.printf("bytes allocated per blocking GET: without a listener %.1f (again %.1f), with Micrometer %.1f%n",
                without, withoutAgain, with);
        assertThat(with - Math.min(without, withoutAgain)).as("bytes per GET the Micrometer listener adds").isLessThan(16.0);
    }

    private static double bytesPerGet(CommandListener listener) {
        try (RedisClient redis = RedisClient.builder().uri(REDIS.server().uri()).connectionsPerNode(1).ioThreads(1)
                // every wait parks: a spun wait skips get()'s waiter node, and the spun share varies from run to run
                .loneCallerSpin(Duration.ZERO)
                .commandListener(listener).build()) {
            redis.set("allocation", "v");
            return AllocatedBytes.perCall(() -> redis.get("allocation"), WARMUP, MEASURED, "fastpath-");
        }
    }
}
