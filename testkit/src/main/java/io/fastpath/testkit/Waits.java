package io.fastpath.testkit;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Polls a condition until it holds or a deadline passes.
 *
 * <p>A probe returns {@code null} or an {@link Unsatisfied} carrying the reason while it is not
 * satisfied, and any other value once it is; exceptions thrown by the probe (a node restarting, a reply not yet
 * readable) count as "not yet" and the last one is kept for the timeout message.
 */
final class Waits {

    private static final long POLL_INTERVAL_MILLIS = 25;

    private Waits() {
    }

    /**
     * Waits until {@code probe} returns a non-null value other than an {@link Unsatisfied}, and
     * returns it.
     */
    static Object until(String description, Duration timeout, Supplier<?> probe, Supplier<String> diagnostics) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String lastObservation = "nothing observed yet";
        RuntimeException lastFailure = null;
        while (true) {
            try {
                Object result = probe.get();
                if (result instanceof Unsatisfied) {
                    lastObservation = ((Unsatisfied) result).reason;
                } else if (result != null) {
                    return result;
                }
            } catch (RuntimeException failure) {
                lastFailure = failure;
                lastObservation = failure.toString();
            }
            if (System.nanoTime() - deadline > 0) {
                RedisTestkitException timeoutFailure = new RedisTestkitException("Timed out after "
                        + timeout.toMillis() + " ms waiting for " + description
                        + "; last observation: " + lastObservation + diagnostics.get(), lastFailure);
                throw timeoutFailure;
            }
            sleep(POLL_INTERVAL_MILLIS);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis); // Not synchronization: the poll interval of the testkit's waits
        } catch (InterruptedException exception) {
            Thread.currentThread().interrupt();
            throw new RedisTestkitException("Interrupted while waiting", exception);
        }
    }

    /** A probe result meaning "not yet", carrying why. */
    static final class Unsatisfied {
        final String reason;

        Unsatisfied(String reason) {
            this.reason = reason;
        }
    }
}
