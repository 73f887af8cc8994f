package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterBenchClient;
import io.fastpath.benchmarks.ClusterBulkClient;
import io.fastpath.benchmarks.clients.LettuceFlushBatches;
import io.fastpath.benchmarks.clients.LettuceMetrics;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.resource.ClientResources;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Lettuce's {@code RedisClusterClient} with one shared {@code StatefulRedisClusterConnection}, all defaults: the
 * sync API for GETs, the async API as the plain async SET, and as bulk mode the pattern Lettuce's docs give for
 * pipelining, a dedicated cluster connection with {@code setAutoFlushCommands(false)} and {@code flushCommands()}
 * once per batch.
 */
public final class LettuceClusterClient implements ClusterBenchClient, ClusterBulkClient {

  private final RedisClusterClient client;
  /** Null: the client's own default resources. */
  private final ClientResources resources;
  private final StatefulRedisClusterConnection<String, String> connection;
  private final LettuceFlushBatches<StatefulRedisClusterConnection<String, String>> bulk;

  public LettuceClusterClient(String seedUri) {
    this(seedUri, false);
  }

  /** With {@code micrometer}, Lettuce's MicrometerCommandLatencyRecorder on (see {@link LettuceMetrics}). */
  public LettuceClusterClient(String seedUri, boolean micrometer) {
    this.resources = micrometer ? LettuceMetrics.resources() : null;
    this.client = micrometer ? RedisClusterClient.create(resources, RedisURI.create(seedUri)) : RedisClusterClient.create(seedUri);
    this.connection = client.connect();
    this.bulk = new LettuceFlushBatches<>(client::connect, StatefulRedisClusterConnection::async);
  }

  @Override
  public String label() {
    return "lettuce (RedisClusterClient, one connection)" + (resources != null ? LettuceMetrics.LABEL : "");
  }

  @Override
  public String get(String key) {
    return connection.sync().get(key);
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return connection.async().set(key, value).toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "dedicated cluster connection, setAutoFlushCommands(false), flushCommands() per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    bulk.setAll(keys, value, batchSize);
  }

  @Override
  public void close() {
    bulk.close();
    connection.close();
    client.shutdown();
    if (resources != null) {
      resources.shutdown();
    }
  }
}
