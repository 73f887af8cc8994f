package io.fastpath.benchmarks.cluster;

import io.fastpath.RedisClient;

/**
 * Fastpath as an application would use it against a cluster: {@code RedisClient.create} with the
 * address of any one node, relying on the client to detect the cluster.
 */
public final class FastpathClusterClient implements ClusterBenchClient {

  private final RedisClient client;

  public FastpathClusterClient(String seedUri) {
    this.client = RedisClient.create(seedUri);
  }

  @Override
  public String label() {
    return "fastpath";
  }

  @Override
  public String get(String key) {
    return client.get(key);
  }

  @Override
  public void close() {
    client.close();
  }
}
