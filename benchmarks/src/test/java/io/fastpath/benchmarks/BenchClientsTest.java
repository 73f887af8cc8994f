package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchClientsTest {

  @Test
  void theConnectionSweepReplacesFastpathWithOneNamePerCountInPlace() {
    List<String> clients = BenchClients.withConnectionSweep(List.of("lettuce", "fastpath", "jedis"), List.of(1, 4));

    assertThat(clients).containsExactly("lettuce", "fastpath:1", "fastpath:4", "jedis");
    assertThat(clients).filteredOn(BenchClients::isFastpath).hasSize(2);
  }

  @Test
  void withoutCountsTheClientsStayAsGiven() {
    assertThat(BenchClients.withConnectionSweep(List.of("fastpath", "jedis"), List.of()))
        .containsExactly("fastpath", "jedis");
  }

  @Test
  void metricsModesGiveFastpathOneRowPerModeAndLettuceItsMicrometerRow() {
    List<String> clients = BenchClients.withMetricsModes(List.of("fastpath", "lettuce", "jedis"),
        List.of("off", "micrometer", "otel"));

    assertThat(clients).containsExactly("fastpath", "fastpath+micrometer", "fastpath+otel", "lettuce",
        "lettuce+micrometer", "jedis");
    assertThat(clients).filteredOn(BenchClients::isFastpath).hasSize(3);
    assertThat(BenchClients.metricsMode("fastpath+otel")).isEqualTo("otel");
    assertThat(BenchClients.metricsMode("fastpath")).isNull();
  }

  @Test
  void withMetricsOffAloneTheClientsStayAsGiven() {
    assertThat(BenchClients.withMetricsModes(List.of("fastpath", "lettuce"), List.of("off")))
        .containsExactly("fastpath", "lettuce");
  }
}
