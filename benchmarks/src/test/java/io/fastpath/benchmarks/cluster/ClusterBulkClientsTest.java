package io.fastpath.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBulkClientsTest {

  @Test
  void everyLibraryGivesOneRowAndVariantsWithoutAClusterBulkAdapterAreLeftOut() {
    assertThat(ClusterBulkClients.rows(List.of("fastpath", "jedis-pool64", "lettuce", "jedis", "redisson", "vertx",
        "fastpath-nodetour")))
        .containsExactly("fastpath", "lettuce", "jedis", "redisson", "vertx");
  }

  @Test
  void anUnknownNameFailsBeforeAnyConnectionIsMade() {
    assertThatThrownBy(() -> ClusterBulkClients.create("jedis-pool64", "127.0.0.1", 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("jedis-pool64");
  }
}
