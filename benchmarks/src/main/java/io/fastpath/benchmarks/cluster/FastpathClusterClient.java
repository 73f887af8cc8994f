package io.fastpath.benchmarks.cluster;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.clients.FastpathMetrics;

/**
 * Fastpath as an application would use it against a cluster: {@code RedisClient.create} with the
 * address of any one node, relying on the client to detect the cluster.
 */
public final class FastpathClusterClient implements ClusterBenchClient {

  private final RedisClient client;
  private final String label;
  /** Null without {@code --metrics}. */
  private final FastpathMetrics metrics;

  public FastpathClusterClient(String seedUri) {
    this.client = RedisClient.create(seedUri);
    this.label = "fastpath";
    this.metrics = null;
  }

  /** With the command listener of {@code --metrics} mode {@code micrometer} or {@code otel}. */
  public FastpathClusterClient(String seedUri, String metricsMode) {
    this.metrics = FastpathMetrics.create(metricsMode);
    this.client = RedisClient.builder().uri(seedUri).commandListener(metrics.listener()).build();
    this.label = "fastpath" + FastpathMetrics.label(metricsMode);
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return client.get(key);
  }

  @Override
  public void close() {
    client.close();
    if (metrics != null) {
      metrics.close();
    }
  }
}
