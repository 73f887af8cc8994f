package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.AllocatedBytes;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What observing costs in allocation: bytes allocated per blocking GET by the caller and the client's I/O
 * threads (ThreadMXBean), without a listener and with one that reads every field of every moment. The
 * listener path must allocate nothing per command: the command's own record is what it reads.
 */
class CommandListenerAllocationIT extends AllocationMeasurement {

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
        double without = bytesPerGet(CommandListener.NONE, WARMUP);
        ReadingEverything listener = new ReadingEverything();
        double with = bytesPerGet(listener, WARMUP); // the listener's own code warms as long as the first client's did
        double withoutAgain = bytesPerGet(CommandListener.NONE, REWARMUP); // the JIT has settled by now: the fairer baseline
        double baseline = Math.min(without, withoutAgain);
        System.out.printf("bytes allocated per blocking GET: without a listener %.1f (again %.1f), with one %.1f%n",
                without, withoutAgain, with);
        assertThat(listener.sink).isNotZero();
        assertThat(with - baseline).as("bytes per GET a listener adds").isLessThan(16.0);
    }

    /** Bytes allocated per GET on the caller thread and the client's I/O and callback threads, after {@code warmup} GETs. */
    private double bytesPerGet(CommandListener listener, int warmup) {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1)
                // every wait parks: a spun wait skips get()'s waiter node, and the spun share varies from run to run
                .loneCallerSpin(Duration.ZERO)
                .commandListener(listener).build()) {
            redis.set("allocation", "v");
            return AllocatedBytes.perCall(() -> redis.get("allocation"), warmup, MEASURED, "fastpath-");
        }
    }
}
