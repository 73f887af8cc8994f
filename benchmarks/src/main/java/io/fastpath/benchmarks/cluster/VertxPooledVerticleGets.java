package io.fastpath.benchmarks.cluster;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Response;
import java.util.function.Function;

/**
 * Seed 000's starting point: {@code RedisAPI.api(Redis.createClient(vertx, options))} with every pool setting at
 * its default, one client for all verticles; each command leases a cluster connection from the pool.
 */
final class VertxPooledVerticleGets implements VerticleGets {
  private final Vertx vertx = Vertx.vertx();
  private final RedisAPI api;
  private final String label;

  VertxPooledVerticleGets(String seedUri) {
    RedisOptions options = new RedisOptions().setType(RedisClientType.CLUSTER).setConnectionString(seedUri);
    this.api = RedisAPI.api(Redis.createClient(vertx, options));
    this.label = "vertx-redis-client (pooled, pool " + options.getMaxPoolSize() + ", wait queue "
        + options.getMaxPoolWaiting() + ", all defaults)";
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public Vertx vertx() {
    return vertx;
  }

  @Override
  public Future<Function<String, Future<String>>> forVerticle(Vertx vertx) {
    return Future.succeededFuture(key -> api.get(key).map(VertxPooledVerticleGets::text));
  }

  static String text(Response reply) {
    return reply == null ? null : reply.toString();
  }
}
