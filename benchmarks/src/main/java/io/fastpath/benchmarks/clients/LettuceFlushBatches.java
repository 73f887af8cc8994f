package io.fastpath.benchmarks.clients;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisStringAsyncCommands;
import java.util.ArrayList;
import java.util.List;

/**
 * Lettuce's bulk mode as its docs give it, standalone and on a cluster alike: commands queued on a
 * connection whose auto-flush is off, {@code flushCommands()} once per batch, then every reply awaited.
 */
public final class LettuceFlushBatches {

  private LettuceFlushBatches() {}

  /** {@code connection} must have {@code setAutoFlushCommands(false)}; {@code commands} is its async API. */
  public static void setAll(StatefulConnection<String, String> connection, RedisStringAsyncCommands<String, String> commands,
      List<String> keys, String value, int batchSize) {
    List<RedisFuture<String>> batch = new ArrayList<>(batchSize);
    for (String key : keys) {
      batch.add(commands.set(key, value));
      if (batch.size() == batchSize) {
        flushAndAwait(connection, batch);
      }
    }
    flushAndAwait(connection, batch);
  }

  private static void flushAndAwait(StatefulConnection<String, String> connection, List<RedisFuture<String>> batch) {
    connection.flushCommands();
    for (RedisFuture<String> reply : batch) {
      reply.toCompletableFuture().join();
    }
    batch.clear();
  }
}
