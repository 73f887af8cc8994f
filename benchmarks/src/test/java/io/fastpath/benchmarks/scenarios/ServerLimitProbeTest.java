package io.fastpath.benchmarks.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerLimitProbeTest {

  @Test
  void readsTheReadersRateFromItsSummaryLine() {
    assertThat(ServerLimitProbe.largeGetsPerSecond("gets=500 seconds=2.5")).isEqualTo(200);
  }

  @Test
  void aMissingSummaryIsNotANumber() {
    assertThat(ServerLimitProbe.largeGetsPerSecond(null)).isNaN();
    assertThat(ServerLimitProbe.largeGetsPerSecond("Exception in thread main")).isNaN();
  }
}
