package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.ClusterClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * Jedis 8's pooled {@link RedisClient}, either with its default pool (the idiomatic setup) or with
 * a pool sized for the number of caller threads (the tuned setup); for the cluster scenarios its
 * {@link RedisClusterClient} (the successor of {@code JedisCluster}) with its default pool per node.
 *
 * <p>Jedis has no async API; its bulk mode is a pipeline synced once per batch. On a cluster that is
 * {@code pipelined(executor)}, a {@code ClusterPipeline} that routes each command to its slot's node, its nodes read in
 * parallel on one executor shared by every pipeline: plain {@code pipelined()} creates and shuts down a thread pool on
 * every multi-node {@code sync()}, which Jedis 8 added {@code pipelined(ExecutorService)} to avoid (redis/jedis#4479).
 */
public final class JedisBenchClient implements BenchClient, ClusterClient {

  /** Jedis's own default of threads per multi-node sync (MULTI_NODE_PIPELINE_SYNC_WORKERS), as its example uses. */
  private static final int CLUSTER_SYNC_WORKERS = 3;

  /** {@code RedisClient} on one server, {@code RedisClusterClient} on a cluster. */
  private final UnifiedJedis jedis;
  private final String label;
  private final String bulkMode;
  /** A new pipeline per bulk run. */
  private final Supplier<AbstractPipeline> pipelines;
  /** The cluster pipelines' sync executor; null on one server. */
  private final ExecutorService syncExecutor;

  private JedisBenchClient(UnifiedJedis jedis, String label, String bulkMode, Supplier<AbstractPipeline> pipelines,
      ExecutorService syncExecutor) {
    this.jedis = jedis;
    this.label = label;
    this.bulkMode = bulkMode;
    this.pipelines = pipelines;
    this.syncExecutor = syncExecutor;
  }

  private static JedisBenchClient standalone(RedisClient client, String label) {
    return new JedisBenchClient(client, label, "pipelined(), sync() per batch", client::pipelined, null);
  }

  /** Jedis exactly as {@code RedisClient.create(host, port)} builds it. */
  public static JedisBenchClient withDefaultPool(String host, int port) {
    RedisClient client = RedisClient.create(host, port);
    return standalone(client, "jedis (default pool, max " + client.getPool().getMaxTotal() + ")");
  }

  /** Jedis with a pool of {@code poolSize} connections, so no caller waits for a connection. */
  public static JedisBenchClient withPoolOf(String host, int port, int poolSize) {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(poolSize);
    pool.setMaxIdle(poolSize);
    RedisClient client = RedisClient.builder().hostAndPort(host, port).poolConfig(pool).build();
    return standalone(client, "jedis (tuned pool of " + poolSize + ")");
  }

  /** {@code RedisClusterClient.create} with any one node's address, its default pool per node. */
  public static JedisBenchClient cluster(String host, int port) {
    RedisClusterClient client = RedisClusterClient.create(new HostAndPort(host, port));
    ExecutorService syncExecutor = Executors.newFixedThreadPool(CLUSTER_SYNC_WORKERS);
    return new JedisBenchClient(client, "jedis (RedisClusterClient, default pool per node)",
        "pipelined(shared executor) (ClusterPipeline), sync() per batch", () -> client.pipelined(syncExecutor),
        syncExecutor);
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return jedis.get(key);
  }

  @Override
  public void set(String key, String value) {
    jedis.set(key, value);
  }

  @Override
  public byte[] get(byte[] key) {
    return jedis.get(key);
  }

  @Override
  public void set(byte[] key, byte[] value) {
    jedis.set(key, value);
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
  public CompletableFuture<String> getAsync(String key) {
    throw new UnsupportedOperationException("Jedis has no async API");
  }

  @Override
  public String bulkMode() {
    return bulkMode;
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    JedisPipelineBatches.setAll(pipelines.get(), keys, value, batchSize);
  }

  @Override
  public void close() {
    jedis.close();
    if (syncExecutor != null) {
      syncExecutor.shutdown();
      try {
        syncExecutor.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
