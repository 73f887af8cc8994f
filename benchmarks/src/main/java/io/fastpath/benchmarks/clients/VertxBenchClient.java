package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Vert.x's pooled {@code Redis.createClient(vertx, options)} with {@code RedisAPI.api(client)};
 * bulk mode is {@code Redis.batch} of one batch of requests.
 *
 * <p>Vert.x is async only, so the blocking methods join the returned future from the caller's
 * thread. The pool's wait queue (24 by default) is raised, because the default rejects any load
 * with more callers in flight than that; the pool size stays at its default.
 */
public final class VertxBenchClient implements BenchClient {

  private static final int POOL_WAIT_QUEUE = 4096;

  private final Vertx vertx;
  private final Redis client;
  private final RedisAPI api;
  private final String label;

  public VertxBenchClient(String uri) {
    this.vertx = Vertx.vertx();
    RedisOptions options =
        new RedisOptions().setConnectionString(uri).setMaxPoolWaiting(POOL_WAIT_QUEUE);
    this.client = Redis.createClient(vertx, options);
    this.api = RedisAPI.api(client);
    this.label =
        "vertx (pool " + options.getMaxPoolSize() + ", wait queue " + POOL_WAIT_QUEUE + ")";
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return text(join(api.get(key)));
  }

  @Override
  public void set(String key, String value) {
    join(api.set(List.of(key, value)));
  }

  @Override
  public byte[] get(byte[] key) {
    Response reply = join(client.send(Request.cmd(Command.GET).arg(key)));
    return reply == null ? null : reply.toBytes();
  }

  @Override
  public void set(byte[] key, byte[] value) {
    join(client.send(Request.cmd(Command.SET).arg(key).arg(value)));
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return api.set(List.of(key, value)).toCompletionStage().toCompletableFuture();
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    return api.get(key).map(VertxBenchClient::text).toCompletionStage().toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "batch(List<Request>) per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    List<Request> batch = new ArrayList<>(batchSize);
    for (String key : keys) {
      batch.add(Request.cmd(Command.SET).arg(key).arg(value));
      if (batch.size() == batchSize) {
        join(client.batch(batch));
        batch = new ArrayList<>(batchSize);
      }
    }
    if (!batch.isEmpty()) {
      join(client.batch(batch));
    }
  }

  private static <T> T join(Future<T> future) {
    return future.toCompletionStage().toCompletableFuture().join();
  }

  private static String text(Response reply) {
    return reply == null ? null : reply.toString();
  }

  @Override
  public void close() {
    join(client.close());
    join(vertx.close());
  }
}
