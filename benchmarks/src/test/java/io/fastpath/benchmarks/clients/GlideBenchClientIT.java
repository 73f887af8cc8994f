package io.fastpath.benchmarks.clients;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.benchmarks.Keyspace;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The GLIDE adapter against real servers: what it writes through each API is what it (and the server) reads back. */
class GlideBenchClientIT {

  @RegisterExtension
  static RedisServerExtension redis = RedisServerExtension.standalone();

  @RegisterExtension
  static RedisClusterExtension cluster = RedisClusterExtension.of(3, 0);

  @Test
  void aValueSetThroughEachApiIsTheValueGetReturns() throws Exception {
    RedisServer server = redis.server();
    try (GlideBenchClient glide = GlideBenchClient.standalone(server.host(), server.port())) {
      glide.set("glide:text", "hello");
      byte[] binaryKey = "glide:binary".getBytes(StandardCharsets.US_ASCII);
      glide.set(binaryKey, new byte[] {0, 1, (byte) 0xff});
      glide.setAsync("glide:async", "from async").get(5, TimeUnit.SECONDS);

      assertThat(glide.get("glide:text")).isEqualTo("hello");
      assertThat(glide.get(binaryKey)).containsExactly(0, 1, (byte) 0xff);
      assertThat(glide.getAsync("glide:async").get(5, TimeUnit.SECONDS)).isEqualTo("from async");
      assertThat(glide.get("glide:missing")).isNull();
      assertThat(glide.get("glide:missing".getBytes(StandardCharsets.US_ASCII))).isNull();
      assertThat(glide.label()).isEqualTo("glide (GlideClient, defaults)");
    }
  }

  @Test
  void theBulkModeSetsEveryKeyInBatchesIncludingAShortLastOne() {
    RedisServer server = redis.server();
    server.call("FLUSHALL");
    List<String> keys = Keyspace.keys("glide:bulk:", 2_500);
    try (GlideBenchClient glide = GlideBenchClient.standalone(server.host(), server.port())) {
      glide.bulkSet(keys, Keyspace.SMALL_VALUE, 1_000);

      assertThat(glide.get("glide:bulk:0")).isEqualTo(Keyspace.SMALL_VALUE);
      assertThat(glide.get("glide:bulk:2499")).isEqualTo(Keyspace.SMALL_VALUE);
    }
    assertThat(server.call("DBSIZE")).isEqualTo(2_500L);
  }

  @Test
  void onAClusterGetsAndTheBulkModeReachEveryPrimaryFromOneNodesAddress() {
    RedisServer seed = cluster.cluster().primaries().get(0);
    List<String> keys = Keyspace.keys("glide:cluster:", 1_500);
    try (GlideBenchClient glide = GlideBenchClient.cluster(seed.host(), seed.port())) {
      glide.bulkSet(keys, "v", 1_000);

      assertThat(keys).allSatisfy(key -> assertThat(glide.get(key)).isEqualTo("v"));
      assertThat(glide.label()).isEqualTo("glide (GlideClusterClient, defaults)");
    }
    long total = cluster.cluster().primaries().stream().mapToLong(node -> (Long) node.call("DBSIZE")).sum();
    assertThat(total).isEqualTo(1_500L);
    assertThat(cluster.cluster().primaries()).allSatisfy(node -> assertThat((Long) node.call("DBSIZE")).isPositive());
  }
}
