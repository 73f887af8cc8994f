package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.AllocatedBytes;
import io.fastpath.testkit.RedisServer;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What observing costs in allocation: bytes allocated per blocking GET by the caller and the client's I/O
 * threads (ThreadMXBean), without a listener and with one that reads every field of every moment. The
 * listener path must allocate nothing per command: the command's own record is what it reads.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CommandListenerAllocationIT {
    private static final int WARMUP = 30_000;
    private static final int MEASURED = 50_000;

    RedisServer server;
    ResourceLeakDetector.Level leakDetection;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        // The tests' PARANOID leak detection records a stack trace per buffer, about 20 KB a GET, which would
        // drown what is measured here; this class checks allocation, the others check leaks.
        leakDetection = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    @AfterAll
    void stop() {
        ResourceLeakDetector.setLevel(leakDetection);
        server.close();
    }

    /** Reads everything a metrics listener would, allocating nothing itself. */
    static final class ReadingEverything implements CommandListener {
        long sink;

        @Override
        public Object commandStarted(ObservedCommand command) {
            sink += command.startNanos() + command.name().length();
            return null;
        }

        @Override
        public void commandWritten(ObservedCommand command) {
            sink += command.writtenNanos() + command.bytesOut();
        }

        @Override
        public void replyReceived(ObservedCommand command) {
            sink += command.replyNanos() + command.bytesIn();
        }

        @Override
        public void commandCompleted(ObservedCommand command) {
            sink += command.completedNanos() + command.outcome().ordinal() + command.node().length() + command.serverPort()
                    + command.redirects() + command.retries() + command.batchSize() + (command.cacheFill() ? 1 : 0)
                    + (command.errorCode() == null ? 0 : 1);
        }
    }

    @Test
    void aListenerAddsNoAllocationPerCommand() {
        double without = bytesPerGet(CommandListener.NONE);
        ReadingEverything listener = new ReadingEverything();
        double with = bytesPerGet(listener);
        double withoutAgain = bytesPerGet(CommandListener.NONE); // the JIT has settled by now: the fairer baseline
        double baseline = Math.min(without, withoutAgain);
        System.out.printf("bytes allocated per blocking GET: without a listener %.1f (again %.1f), with one %.1f%n",
                without, withoutAgain, with);
        assertThat(listener.sink).isNotZero();
        assertThat(with - baseline).as("bytes per GET a listener adds").isLessThan(16.0);
    }

    /** Bytes allocated per GET on the caller thread and the client's I/O and callback threads. */
    private double bytesPerGet(CommandListener listener) {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1)
                .commandListener(listener).build()) {
            redis.set("allocation", "v");
            return AllocatedBytes.perCall(() -> redis.get("allocation"), WARMUP, MEASURED, "fastpath-");
        }
    }
}
