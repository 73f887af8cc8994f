package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.RedisClient;

/**
 * Jedis 8's pooled {@link RedisClient}, either with its default pool (the idiomatic setup) or with
 * a pool sized for the number of caller threads (the tuned setup).
 *
 * <p>Jedis has no async API; its bulk mode is a pipeline synced once per batch.
 */
public final class JedisBenchClient implements BenchClient {

  private final RedisClient client;
  private final String label;

  private JedisBenchClient(RedisClient client, String label) {
    this.client = client;
    this.label = label;
  }

  /** Jedis exactly as {@code RedisClient.create(host, port)} builds it. */
  public static JedisBenchClient withDefaultPool(String host, int port) {
    RedisClient client = RedisClient.create(host, port);
    return new JedisBenchClient(
        client, "jedis (default pool, max " + client.getPool().getMaxTotal() + ")");
  }

  /** Jedis with a pool of {@code poolSize} connections, so no caller waits for a connection. */
  public static JedisBenchClient withPoolOf(String host, int port, int poolSize) {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(poolSize);
    pool.setMaxIdle(poolSize);
    RedisClient client = RedisClient.builder().hostAndPort(host, port).poolConfig(pool).build();
    return new JedisBenchClient(client, "jedis (tuned pool of " + poolSize + ")");
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
  public void set(String key, String value) {
    client.set(key, value);
  }

  @Override
  public byte[] get(byte[] key) {
    return client.get(key);
  }

  @Override
  public void set(byte[] key, byte[] value) {
    client.set(key, value);
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
    return "pipelined(), sync() per batch";
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
