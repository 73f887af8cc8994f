package io.fastpath.benchmarks.cluster;

import io.fastpath.RedisClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Fastpath on a cluster as an application would use it: {@code RedisClient.create} with one node's
 * address. Its plain async API pipelines automatically, so it has no separate bulk mode.
 */
public final class FastpathClusterBulkClient implements ClusterBulkClient {

  private final RedisClient client;

  public FastpathClusterBulkClient(String seedUri) {
    this.client = RedisClient.create(seedUri);
  }

  @Override
  public String label() {
    return "fastpath";
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return client.async().set(key, value);
  }

  @Override
  public String bulkMode() {
    return null;
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    throw new UnsupportedOperationException("Fastpath has no separate bulk mode");
  }

  @Override
  public void close() {
    client.close();
  }
}
