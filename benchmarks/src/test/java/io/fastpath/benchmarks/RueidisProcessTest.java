package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RueidisProcessTest {

  @Test
  void readsTheRateLatenciesCpuAndErrorsTheGoProgramPrints() {
    Row row = RueidisProcess.parse("{\"ops\":46772.2,\"p50\":74.831,\"p99\":244.332,\"p999\":455.787,"
        + "\"cpu\":17.3188,\"errors\":0,\"version\":\"v1.0.79\"}\n", "");

    assertThat(row.label()).isEqualTo("rueidis (Go) v1.0.79");
    assertThat(row.metric("ops")).isEqualTo(46772.2);
    assertThat(row.metric("p50")).isEqualTo(74.831);
    assertThat(row.metric("p999")).isEqualTo(455.787);
    assertThat(row.metric("cpu")).isEqualTo(17.3188);
    assertThat(row.metric("errors")).isZero();
  }

  @Test
  void theClusterScenarioNamesItsMetricsWithItsPrefix() {
    Row row = RueidisProcess.parse("{\"ops\":1,\"p50\":2,\"p99\":3,\"p999\":4,\"cpu\":5,\"errors\":0,\"version\":\"v1\"}",
        "closed-");

    assertThat(row.metric("closed-ops")).isEqualTo(1);
    assertThat(row.metric("closed-cpu")).isEqualTo(5);
    assertThat(row.metric("ops")).isNaN();
  }

  @Test
  void outputWithoutResultsIsAnError() {
    assertThatThrownBy(() -> RueidisProcess.parse("rueidis-gets: cannot connect: dial tcp: refused", ""))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot connect");
  }

  @Test
  void otherScenariosRefuseTheGoClientByName() {
    assertThatThrownBy(() -> BenchClients.create(BenchClients.RUEIDIS, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scenarios c and f");
  }
}
