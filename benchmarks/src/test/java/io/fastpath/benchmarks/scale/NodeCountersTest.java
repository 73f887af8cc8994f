package io.fastpath.benchmarks.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeCountersTest {

  @Test
  void growthSumsEachNodesIncreaseAndANodeGoneMeanwhileAddsNothing() {
    Map<Integer, Long> before = Map.of(7000, 10L, 7001, 5L, 7002, 100L);
    Map<Integer, Long> after = Map.of(7000, 12L, 7001, 5L, 7003, 4L); // 7002 stopped, 7003 added

    assertThat(NodeCounters.growth(before, after)).isEqualTo(6);
    assertThat(NodeCounters.differences(before, after)).isEqualTo(Map.of(7000, 2L, 7001, 0L, 7003, 4L));
  }
}
