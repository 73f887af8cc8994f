package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.AllocatedBytes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What a view costs a command in allocation: bytes per blocking GET (caller and the client's threads, ThreadMXBean)
 * through the client itself and through a {@code withTimeout} view, which must add nothing (it hands the core a long);
 * and, for the record, through a {@code withCodec} view of a user codec equal to UTF-8.
 */
class ViewAllocationIT extends AllocationMeasurement {

    /** UTF-8 Strings, but not the built-in codec: what any user codec pays. */
    private static final RedisCodec<String, String> USER_STRINGS = new RedisCodec<>() {
        @Override
        public byte[] encodeKey(String key) {
            return key.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public byte[] encodeValue(String value) {
            return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decodeKey(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public String decodeValue(byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    };

    @Test
    void aTimeoutViewAddsNoAllocationPerCommand() {
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).ioThreads(1)
                // every wait parks: a spun wait skips get()'s waiter node, and the spun share varies from run to run
                .loneCallerSpin(Duration.ZERO).build()) {
            redis.set("allocation", "v");
            RedisCommands<String, String> view = redis.withTimeout(Duration.ofSeconds(3));
            RedisCommands<String, String> codecView = redis.withCodec(USER_STRINGS);
            double client = AllocatedBytes.perCall(() -> redis.get("allocation"), WARMUP, MEASURED, "fastpath-");
            // The command path is compiled by now; the views only add their own frame, warmed by a shorter run.
            double timeoutView = AllocatedBytes.perCall(() -> view.get("allocation"), REWARMUP, MEASURED, "fastpath-");
            double codec = AllocatedBytes.perCall(() -> codecView.get("allocation"), REWARMUP, MEASURED, "fastpath-");
            double clientAgain = AllocatedBytes.perCall(() -> redis.get("allocation"), REWARMUP, MEASURED, "fastpath-");
            double baseline = Math.min(client, clientAgain); // the JIT has settled by the second run: the fairer baseline
            System.out.printf("bytes allocated per blocking GET: client %.1f (again %.1f), withTimeout view %.1f,"
                    + " withCodec view of a user codec %.1f%n", client, clientAgain, timeoutView, codec);
            assertThat(timeoutView - baseline).as("bytes per GET a timeout view adds").isLessThan(16.0);
        }
    }
}
