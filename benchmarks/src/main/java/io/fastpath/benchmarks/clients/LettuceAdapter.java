package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BulkSetClient;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisStringAsyncCommands;
import io.lettuce.core.resource.ClientResources;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What Lettuce's standalone and cluster adapters share: one shared connection whose async API is the plain async
 * SET, the bulk mode on a dedicated connection ({@link LettuceFlushBatches}), and the shutdown of the client and of
 * the resources it was given.
 *
 * @param <C> the shared connection: {@code StatefulRedisConnection} or {@code StatefulRedisClusterConnection}
 */
public abstract class LettuceAdapter<C extends StatefulConnection<String, String>> implements BulkSetClient, AutoCloseable {

  private final AbstractRedisClient client;
  /** Null: the client's own default resources, which it shuts down itself. */
  private final ClientResources resources;
  private final Function<C, ? extends RedisStringAsyncCommands<String, String>> async;
  private final LettuceFlushBatches<C> bulk;
  private final String bulkMode;
  /** Shared by every caller. */
  protected final C connection;

  /**
   * {@code connect} opens a connection of {@code client} (the shared one now, the bulk one on first use);
   * {@code async} is a connection's async API.
   */
  protected LettuceAdapter(AbstractRedisClient client, ClientResources resources, Supplier<C> connect,
      Function<C, ? extends RedisStringAsyncCommands<String, String>> async, String bulkMode) {
    this.client = client;
    this.resources = resources;
    this.async = async;
    this.bulkMode = bulkMode;
    this.connection = connect.get();
    this.bulk = new LettuceFlushBatches<>(connect, async);
  }

  /** The label's suffix when Lettuce's Micrometer recorder is on. */
  protected final String metricsLabel() {
    return resources != null ? LettuceMetrics.LABEL : "";
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return async.apply(connection).set(key, value).toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return bulkMode;
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    bulk.setAll(keys, value, batchSize);
  }

  /** Closes what a subclass opened besides the shared connection; called before the shared connection closes. */
  protected void closeOwnConnections() {
  }

  @Override
  public void close() {
    bulk.close();
    closeOwnConnections();
    connection.close();
    client.shutdown();
    if (resources != null) {
      resources.shutdown();
    }
  }
}
