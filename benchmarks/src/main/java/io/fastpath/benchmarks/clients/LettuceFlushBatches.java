package io.fastpath.benchmarks.clients;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisStringAsyncCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Lettuce's bulk mode as its docs give it, standalone and on a cluster alike: a dedicated connection whose
 * auto-flush is off, commands queued on it, {@code flushCommands()} once per batch, then every reply awaited.
 * Used by one bulk run at a time (the scenario's thread).
 *
 * @param <C> the connection: {@code StatefulRedisConnection} or {@code StatefulRedisClusterConnection}
 */
public final class LettuceFlushBatches<C extends StatefulConnection<String, String>> implements AutoCloseable {

  private final Supplier<C> connect;
  private final Function<C, ? extends RedisStringAsyncCommands<String, String>> commands;
  /** Opened on first use (the warmup) and kept, so connecting is not part of a measured bulk run. */
  private C connection;

  /** {@code connect} opens the dedicated connection; {@code commands} is its async API. */
  public LettuceFlushBatches(Supplier<C> connect, Function<C, ? extends RedisStringAsyncCommands<String, String>> commands) {
    this.connect = connect;
    this.commands = commands;
  }

  public void setAll(List<String> keys, String value, int batchSize) {
    if (connection == null) {
      connection = connect.get();
      connection.setAutoFlushCommands(false);
    }
    RedisStringAsyncCommands<String, String> async = commands.apply(connection);
    List<RedisFuture<String>> batch = new ArrayList<>(batchSize);
    for (String key : keys) {
      batch.add(async.set(key, value));
      if (batch.size() == batchSize) {
        flushAndAwait(batch);
      }
    }
    flushAndAwait(batch);
  }

  private void flushAndAwait(List<RedisFuture<String>> batch) {
    connection.flushCommands();
    for (RedisFuture<String> reply : batch) {
      reply.toCompletableFuture().join();
    }
    batch.clear();
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.close();
    }
  }
}
