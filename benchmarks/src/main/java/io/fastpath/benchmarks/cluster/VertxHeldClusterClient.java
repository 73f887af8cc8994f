package io.fastpath.benchmarks.cluster;

import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Response;

/**
 * Vert.x's expert pattern: {@code Redis.createClient(...).connect()} once, then one
 * {@code RedisAPI.api(connection)} shared by every caller, so no command waits for the pool.
 */
public final class VertxHeldClusterClient implements ClusterBenchClient {

  private final Vertx vertx;
  private final Redis client;
  private final RedisConnection connection;
  private final RedisAPI api;

  public VertxHeldClusterClient(String seedUri) {
    this.vertx = Vertx.vertx();
    RedisOptions options = new RedisOptions().setType(RedisClientType.CLUSTER).setConnectionString(seedUri);
    this.client = Redis.createClient(vertx, options);
    this.connection = VertxReplies.await(client.connect());
    this.api = RedisAPI.api(connection);
  }

  @Override
  public String label() {
    return "vertx (held connection)";
  }

  @Override
  public String get(String key) {
    Response reply = VertxReplies.await(api.get(key));
    return reply == null ? null : reply.toString();
  }

  @Override
  public void close() {
    try {
      VertxReplies.await(connection.close());
      VertxReplies.await(client.close());
    } finally {
      VertxReplies.await(vertx.close());
    }
  }
}
