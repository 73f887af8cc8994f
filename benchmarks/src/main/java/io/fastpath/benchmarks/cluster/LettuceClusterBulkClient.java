package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.clients.LettuceFlushBatches;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Lettuce's {@code RedisClusterClient}: the plain async API on one shared cluster connection, and as
 * bulk mode the pattern Lettuce's docs give for pipelining, a dedicated cluster connection with
 * {@code setAutoFlushCommands(false)} and {@code flushCommands()} once per batch.
 */
public final class LettuceClusterBulkClient implements ClusterBulkClient {

  private final RedisClusterClient client;
  private final StatefulRedisClusterConnection<String, String> connection;
  private StatefulRedisClusterConnection<String, String> bulkConnection;

  public LettuceClusterBulkClient(String seedUri) {
    this.client = RedisClusterClient.create(seedUri);
    this.connection = client.connect();
  }

  @Override
  public String label() {
    return "lettuce (RedisClusterClient, one connection)";
  }

  @Override
  public boolean supportsAsync() {
    return true;
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
    // Opened on first use (the warmup) and kept, so connecting is not part of a measured bulk run.
    if (bulkConnection == null) {
      bulkConnection = client.connect();
      bulkConnection.setAutoFlushCommands(false);
    }
    LettuceFlushBatches.setAll(bulkConnection, bulkConnection.async(), keys, value, batchSize);
  }

  @Override
  public void close() {
    if (bulkConnection != null) {
      bulkConnection.close();
    }
    connection.close();
    client.shutdown();
  }
}
