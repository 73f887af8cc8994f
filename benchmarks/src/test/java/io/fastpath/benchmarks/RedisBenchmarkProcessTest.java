package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedisBenchmarkProcessTest {

  private static final String CSV = String.join("\n",
      "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"",
      "\"SET\",\"85106.38\",\"0.448\",\"0.104\",\"0.263\",\"0.615\",\"4.047\",\"38.431\"",
      "\"GET\",\"96618.36\",\"0.423\",\"0.048\",\"0.287\",\"0.991\",\"3.831\",\"7.991\"");

  @Test
  void readsEachCommandsRateAndLatenciesInMicroseconds() {
    List<Row> rows = RedisBenchmarkProcess.parse(CSV, " -P 16");

    assertThat(rows).extracting(Row::label).containsExactly("SET -P 16", "GET -P 16");
    assertThat(rows.get(0).metric("ops")).isEqualTo(85106.38);
    assertThat(rows.get(0).metric("p50")).isCloseTo(263, offset(1e-9));
    assertThat(rows.get(1).metric("p99")).isCloseTo(3831, offset(1e-9));
  }

  @Test
  void outputWithoutResultsIsAnError() {
    assertThatThrownBy(() -> RedisBenchmarkProcess.parse("Could not connect to Redis", ""))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Could not connect");
  }
}
