package io.fastpath.benchmarks.cluster;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Response;

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
    Response reply = join(api.get(key));
    return reply == null ? null : reply.toString();
  }

  static <T> T join(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }

  @Override
  public void close() {
    join(client.close());
    join(vertx.close());
  }
}
