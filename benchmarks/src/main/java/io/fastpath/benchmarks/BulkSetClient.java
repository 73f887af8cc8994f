package io.fastpath.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** What the bulk SET scenarios (b, and l on a cluster) ask of a client: its plain async SET and its bulk mode. */
public interface BulkSetClient {

  /** The label shown in the report, including any setting that differs from the library default. */
  String label();

  /** False for a library without an async API (Jedis); {@link #setAsync} is then never called. */
  default boolean supportsAsync() {
    return true;
  }

  CompletableFuture<?> setAsync(String key, String value);

  /** A short description of the library's best way to send many commands, or null if it has none. */
  String bulkMode();

  /**
   * Sets every key to the value through the bulk mode, sending {@code batchSize} commands at a time
   * and waiting for each batch's replies before sending the next.
   */
  void bulkSet(List<String> keys, String value, int batchSize);
}
