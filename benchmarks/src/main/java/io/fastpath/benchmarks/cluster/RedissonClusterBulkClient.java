package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.clients.RedissonBatches;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.redisson.Redisson;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Redisson with {@code useClusterServers()} and its default pools: the plain async API is
 * {@code RBucket.setAsync} with {@link StringCodec} (plain bytes, as every client writes), the bulk
 * mode one {@link RBatch} per batch, which Redisson splits by node.
 */
public final class RedissonClusterBulkClient implements ClusterBulkClient {

  private final RedissonClient client;

  public RedissonClusterBulkClient(String seedUri) {
    Config config = new Config();
    config.useClusterServers().addNodeAddress(seedUri);
    this.client = Redisson.create(config);
  }

  @Override
  public String label() {
    return "redisson (useClusterServers)";
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return client.<String>getBucket(key, StringCodec.INSTANCE).setAsync(value).toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "RBatch per batch, execute()";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    RedissonBatches.setAll(client, keys, value, batchSize);
  }

  @Override
  public void close() {
    client.shutdown();
  }
}
