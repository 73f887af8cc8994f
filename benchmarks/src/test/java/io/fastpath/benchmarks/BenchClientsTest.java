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
}
