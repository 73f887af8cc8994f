package io.fastpath.internal.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RespLimitsTest {

    @Test
    void defaultsMatchTheServerBulkLimitAndAllowDeepButBoundedNesting() {
        assertThat(RespLimits.DEFAULTS.maxBulkLength()).isEqualTo(536_870_912);
        assertThat(RespLimits.DEFAULTS.maxAggregateLength()).isEqualTo(16_777_216);
        assertThat(RespLimits.DEFAULTS.maxNestingDepth()).isEqualTo(128);
    }

    @Test
    void nonPositiveLimitsAreRejectedNamingTheField() {
        assertThatThrownBy(() -> new RespLimits(0, 1, 1)).hasMessageContaining("maxBulkLength");
        assertThatThrownBy(() -> new RespLimits(1, 0, 1)).hasMessageContaining("maxAggregateLength");
        assertThatThrownBy(() -> new RespLimits(1, 1, 0)).hasMessageContaining("maxNestingDepth");
        assertThatThrownBy(() -> new RespLimits(1, 1, -5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bulkLimitLeavesRoomForTheTrailingCrLf() {
        assertThat(new RespLimits(Integer.MAX_VALUE - 2, 1, 1).maxBulkLength()).isEqualTo(Integer.MAX_VALUE - 2);
        assertThatThrownBy(() -> new RespLimits(Integer.MAX_VALUE - 1, 1, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxBulkLength");
    }
}
