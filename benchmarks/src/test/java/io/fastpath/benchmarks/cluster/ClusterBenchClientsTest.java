package io.fastpath.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.benchmarks.ClusterBenchClient;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBenchClientsTest {

  @Test
  void theCallerDrivenFastpathClientIsFoundByTheFactoryTheScenarioCalls() throws Exception {
    // Looked up by name (the peers run on builds without Fastpath): a renamed factory left f without the client
    assertThat(ClusterBenchClient.class.isAssignableFrom(ClusterBenchClients.callerDrivenFactory().getReturnType()))
        .isTrue();
  }

  @Test
  void vertxRunsAsItsThreeSetupsAndTheSingleServerJedisVariantIsLeftOut() {
    assertThat(ClusterBenchClients.rows(List.of("fastpath", "jedis", "jedis-pool64", "vertx")))
        .containsExactly("fastpath", "jedis", "vertx-pooled-defaults", "vertx-pooled", "vertx-held");
  }
}
