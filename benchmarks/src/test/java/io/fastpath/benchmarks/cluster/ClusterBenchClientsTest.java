package io.fastpath.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBenchClientsTest {

  @Test
  void vertxRunsAsItsThreeSetupsAndTheSingleServerJedisVariantIsLeftOut() {
    assertThat(ClusterBenchClients.rows(List.of("fastpath", "jedis", "jedis-pool64", "vertx")))
        .containsExactly("fastpath", "jedis", "vertx-pooled-defaults", "vertx-pooled", "vertx-held");
  }
}
