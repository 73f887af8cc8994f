package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.clients.JedisPipelineBatches;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.ClusterPipeline;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClusterClient;

/**
 * Jedis's {@code RedisClusterClient} (the successor of {@code JedisCluster}) with its default pool per
 * node. Jedis has no async API; its bulk mode is {@code pipelined()}, a {@link ClusterPipeline} that
 * routes each command to its slot's node and is synced once per batch.
 */
public final class JedisClusterBulkClient implements ClusterBulkClient {

  private final RedisClusterClient client;

  public JedisClusterBulkClient(String host, int port) {
    this.client = RedisClusterClient.create(new HostAndPort(host, port));
  }

  @Override
  public String label() {
    return "jedis (RedisClusterClient, default pool per node)";
  }

  @Override
  public boolean supportsAsync() {
    return false;
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    throw new UnsupportedOperationException("Jedis has no async API");
  }

  @Override
  public String bulkMode() {
    return "pipelined() (ClusterPipeline), sync() per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    JedisPipelineBatches.setAll(client.pipelined(), keys, value, batchSize);
  }

  @Override
  public void close() {
    client.close();
  }
}
