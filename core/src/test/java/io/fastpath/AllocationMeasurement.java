package io.fastpath;

import io.fastpath.testkit.RedisServer;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A real server for the tests that measure bytes allocated per command ({@code testkit.AllocatedBytes}), with Netty's
 * leak detection off while they run: the tests' PARANOID level records a stack trace per buffer, about 20 KB a GET,
 * which would drown what is measured. These classes check allocation; the others check leaks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AllocationMeasurement {
    /** Calls before the first measurement: the JIT compiles the command path. */
    static final int WARMUP = 30_000;
    /** Calls before a later measurement of code an earlier one warmed (a new client over compiled code). */
    static final int REWARMUP = 5_000;
    /**
     * Calls measured: the checked bound of 16 bytes a call is 320 KB over 20,000 of them, while two measurements of
     * the same path differ by a few KB (0.1 byte a call over 50,000).
     */
    static final int MEASURED = 20_000;

    RedisServer server;
    private ResourceLeakDetector.Level leakDetection;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        leakDetection = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    @AfterAll
    void stop() throws Exception {
        ResourceLeakDetector.setLevel(leakDetection);
        Teardown.closeAll(server);
    }
}
