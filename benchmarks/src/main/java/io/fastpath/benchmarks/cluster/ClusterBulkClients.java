package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBulkClient;
import io.fastpath.benchmarks.BenchClients;
import io.fastpath.benchmarks.clients.JedisBenchClient;
import io.fastpath.benchmarks.clients.RedissonBenchClient;
import java.util.List;

/**
 * Creates a {@link ClusterBulkClient} by name, for the cluster bulk scenario's rows: one row per
 * library (Vert.x as its held connection, the setup that works under load in scenario f).
 */
public final class ClusterBulkClients {

  private static final String FASTPATH_ADAPTER = "io.fastpath.benchmarks.clients.FastpathBenchClient";
  /** The libraries this scenario has an adapter for, in {@code --clients} names. */
  private static final List<String> SUPPORTED = List.of(
      BenchClients.FASTPATH, BenchClients.LETTUCE, BenchClients.JEDIS, BenchClients.REDISSON, BenchClients.VERTX);

  private ClusterBulkClients() {}

  /** The chosen clients this scenario runs; variants it has no row for (jedis-pool64, ...) are left out. */
  static List<String> rows(List<String> clients) {
    return clients.stream().filter(SUPPORTED::contains).toList();
  }

  static ClusterBulkClient create(String name, String host, int port) {
    String seedUri = "redis://" + host + ":" + port;
    switch (name) {
      case BenchClients.FASTPATH:
        return ClusterBenchClients.loadFastpath(FASTPATH_ADAPTER, ClusterBulkClient.class,
            new Class<?>[] {String.class}, seedUri);
      case BenchClients.LETTUCE:
        return new LettuceClusterClient(seedUri);
      case BenchClients.JEDIS:
        return JedisBenchClient.cluster(host, port);
      case BenchClients.REDISSON:
        return RedissonBenchClient.cluster(seedUri);
      case BenchClients.VERTX:
        return new VertxHeldClusterClient(seedUri);
      default:
        throw new IllegalArgumentException("no cluster bulk client " + name);
    }
  }
}
