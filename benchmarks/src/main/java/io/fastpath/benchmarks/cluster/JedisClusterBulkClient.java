package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.clients.JedisPipelineBatches;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.ClusterPipeline;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClusterClient;

/**
 * Jedis's {@code RedisClusterClient} (the successor of {@code JedisCluster}) with its default pool per
 * node. Jedis has no async API; its bulk mode is {@code pipelined(executor)}, a {@link ClusterPipeline} that
 * routes each command to its slot's node and is synced once per batch, its nodes read in parallel on one executor
 * shared by every pipeline: plain {@code pipelined()} creates and shuts down a thread pool on every multi-node
 * {@code sync()}, which Jedis 8 added {@code pipelined(ExecutorService)} to avoid (redis/jedis#4479).
 */
public final class JedisClusterBulkClient implements ClusterBulkClient {

  /** Jedis's own default of threads per multi-node sync (MULTI_NODE_PIPELINE_SYNC_WORKERS), as its example uses. */
  private static final int SYNC_WORKERS = 3;

  private final RedisClusterClient client;
  private final ExecutorService syncExecutor = Executors.newFixedThreadPool(SYNC_WORKERS);

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
    return "pipelined(shared executor) (ClusterPipeline), sync() per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    JedisPipelineBatches.setAll(client.pipelined(syncExecutor), keys, value, batchSize);
  }

  @Override
  public void close() {
    client.close();
    syncExecutor.shutdown();
    try {
      syncExecutor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
