package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisCluster;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.RedisOptions;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.RequestGrouping;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Vert.x's expert pattern: {@code Redis.createClient(...).connect()} once, then one
 * {@code RedisAPI.api(connection)} shared by every caller, so no command waits for the pool; the setup
 * scenario f found to be the one that works under load. {@code RedisAPI.set} is the plain async API, and
 * {@code batch()} the bulk mode: a cluster connection's batch must stay on one node, so each batch is split with
 * {@code RedisCluster.groupByNodes}, the library's tool for it, and the per-node batches are sent together and
 * awaited together.
 */
public final class VertxHeldClusterClient implements ClusterClient {

  private final Vertx vertx;
  private final Redis client;
  private final RedisConnection connection;
  private final RedisAPI api;
  private final RedisCluster cluster;

  public VertxHeldClusterClient(String seedUri) {
    this.vertx = Vertx.vertx();
    RedisOptions options = new RedisOptions().setType(RedisClientType.CLUSTER).setConnectionString(seedUri);
    this.client = Redis.createClient(vertx, options);
    this.connection = VertxReplies.await(client.connect());
    this.api = RedisAPI.api(connection);
    this.cluster = RedisCluster.create(connection);
  }

  @Override
  public String label() {
    return "vertx (held connection)";
  }

  @Override
  public String get(String key) {
    return VertxReplies.text(api.get(key));
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return api.set(List.of(key, value)).toCompletionStage().toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "batch() per node (RedisCluster.groupByNodes) per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    for (int from = 0; from < keys.size(); from += batchSize) {
      List<Request> batch = new ArrayList<>(batchSize);
      for (String key : keys.subList(from, Math.min(from + batchSize, keys.size()))) {
        batch.add(Request.cmd(Command.SET).arg(key).arg(value));
      }
      VertxReplies.await(cluster.groupByNodes(batch).compose(this::sendPerNode));
    }
  }

  /** One {@code batch()} per node, all in flight at once; completes when every one has replied. */
  private Future<?> sendPerNode(RequestGrouping grouping) {
    if (!grouping.getUnkeyed().isEmpty()) {
      return Future.failedFuture("SETs without a key: " + grouping.getUnkeyed());
    }
    List<Future<?>> perNode = new ArrayList<>();
    for (List<Request> node : grouping.getKeyed()) {
      perNode.add(connection.batch(node));
    }
    return Future.all(perNode);
  }

  @Override
  public void close() {
    VertxReplies.closeAll(vertx, connection::close, client::close);
  }
}
