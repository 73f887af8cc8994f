package io.fastpath.benchmarks.cluster;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import java.util.function.Function;

/**
 * Seed 000's fix: each verticle (one per event loop) connects once and holds its cluster connection, so no command
 * leases from the pool.
 */
final class VertxHeldVerticleGets implements VerticleGets {
  private final Vertx vertx = Vertx.vertx();
  private final Redis client;

  VertxHeldVerticleGets(String seedUri) {
    this.client = Redis.createClient(vertx,
        new RedisOptions().setType(RedisClientType.CLUSTER).setConnectionString(seedUri));
  }

  @Override
  public String label() {
    return "vertx-redis-client (held connection per event loop)";
  }

  @Override
  public Vertx vertx() {
    return vertx;
  }

  @Override
  public Future<Function<String, Future<String>>> forVerticle(Vertx vertx) {
    return client.connect().map(connection -> {
      RedisAPI api = RedisAPI.api(connection);
      return key -> api.get(key).map(VertxPooledVerticleGets::text);
    });
  }
}
