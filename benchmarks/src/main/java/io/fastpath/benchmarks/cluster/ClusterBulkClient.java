package io.fastpath.benchmarks.cluster;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the cluster bulk scenario (l) needs of a client, implemented once per library with that
 * library's documented cluster setup, given the address of any one node: SETs through the plain
 * async API, and through the library's best bulk mode in awaited batches.
 */
public interface ClusterBulkClient extends AutoCloseable {

  /** The label shown in the report, including any setting that differs from the library default. */
  String label();

  /** False for a library without an async API (Jedis); {@link #setAsync} is then never called. */
  boolean supportsAsync();

  CompletableFuture<?> setAsync(String key, String value);

  /** A short description of the library's best way to send many commands, or null if it has none. */
  String bulkMode();

  /**
   * Sets every key to the value through the bulk mode, {@code batchSize} commands at a time, waiting
   * for each batch's replies before sending the next.
   */
  void bulkSet(List<String> keys, String value, int batchSize);

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
