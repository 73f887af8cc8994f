package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;

/**
 * Vert.x's documented cluster pattern: {@code RedisAPI.api(Redis.createClient(vertx, options))}
 * with {@link RedisClientType#CLUSTER}, which takes a pooled connection per command. Either with
 * every pool setting at its default, or with only the pool's wait queue raised.
 */
public final class VertxPooledClusterClient implements ClusterBenchClient {

  private final Vertx vertx;
  private final Redis client;
  private final RedisAPI api;
  private final String label;

  /** {@code poolWaitQueue} 0 keeps the library default. */
  public VertxPooledClusterClient(String seedUri, int poolWaitQueue) {
    this.vertx = Vertx.vertx();
    RedisOptions options = new RedisOptions().setType(RedisClientType.CLUSTER).setConnectionString(seedUri);
    if (poolWaitQueue > 0) {
      options.setMaxPoolWaiting(poolWaitQueue);
    }
    this.client = Redis.createClient(vertx, options);
    this.api = RedisAPI.api(client);
    this.label = "vertx (pooled, pool " + options.getMaxPoolSize() + ", wait queue "
        + options.getMaxPoolWaiting() + (poolWaitQueue > 0 ? ")" : ", all defaults)");
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return VertxReplies.text(api.get(key));
  }

  @Override
  public void close() {
    VertxReplies.closeAll(vertx, client::close);
  }
}
