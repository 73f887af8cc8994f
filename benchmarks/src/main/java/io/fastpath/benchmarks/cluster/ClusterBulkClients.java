package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBulkClient;
import io.fastpath.benchmarks.BenchClients;
import java.util.List;

/**
 * Creates a {@link ClusterBulkClient} by name, for the cluster bulk scenario's rows: one row per
 * library (Vert.x as its held connection, the setup that works under load in scenario f).
 */
public final class ClusterBulkClients {

  /** The libraries this scenario has an adapter for, in {@code --clients} names. */
  private static final List<String> SUPPORTED = List.of(
      BenchClients.FASTPATH, BenchClients.LETTUCE, BenchClients.JEDIS, BenchClients.REDISSON, BenchClients.VERTX,
      BenchClients.GLIDE);

  private ClusterBulkClients() {}

  /** The chosen clients this scenario runs; variants it has no row for (jedis-pool64, ...) are left out. */
  static List<String> rows(List<String> clients) {
    return clients.stream().filter(SUPPORTED::contains).toList();
  }

  /** The library's cluster adapter, the same the GET scenarios use ({@link ClusterBenchClients#createLibrary}). */
  static ClusterBulkClient create(String name, String host, int port) {
    if (!SUPPORTED.contains(name)) {
      throw new IllegalArgumentException("no cluster bulk client " + name);
    }
    return ClusterBenchClients.createLibrary(name, host, port);
  }
}
