package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LivenessCheckGridTest {
    private static final long TICK = 1_250_000_000L;

    @Test
    void checksStartedAtDifferentMomentsFirstTickAtTheSameInstant() {
        long oneStartedAt = 7_000_000_123L;
        long otherStartedAt = 7_400_000_456L;
        long oneTicksAt = oneStartedAt + LivenessCheck.onCommonGrid(oneStartedAt, TICK);
        long otherTicksAt = otherStartedAt + LivenessCheck.onCommonGrid(otherStartedAt, TICK);
        assertThat(oneTicksAt).isEqualTo(otherTicksAt).isEqualTo(7_500_000_000L);
    }

    @Test
    void theFirstTickComesWithinOnePeriodAndNeverInThePast() {
        for (long now : new long[] {-3L * TICK - 1, -1, 0, 1, TICK - 1, TICK, 5 * TICK + 17}) {
            long delay = LivenessCheck.onCommonGrid(now, TICK);
            assertThat(delay).as("delay at %d", now).isPositive().isLessThanOrEqualTo(TICK);
            assertThat(Math.floorMod(now + delay, TICK)).isZero();
        }
    }
}
