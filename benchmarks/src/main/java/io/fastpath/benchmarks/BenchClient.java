package io.fastpath.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The few operations the scenarios need, implemented once per client library with that library's
 * documented, idiomatic setup.
 *
 * <p>Blocking methods wait for the reply. Async methods return as soon as the command is handed to
 * the client. A client without an async API or a bulk mode says so through {@link #supportsAsync()}
 * and {@link #bulkMode()}, and the report shows n/a for it.
 */
public interface BenchClient extends AutoCloseable {

  /** The label shown in the report, including any setting that differs from the library default. */
  String label();

  String get(String key);

  void set(String key, String value);

  byte[] get(byte[] key);

  void set(byte[] key, byte[] value);

  boolean supportsAsync();

  CompletableFuture<?> setAsync(String key, String value);

  CompletableFuture<String> getAsync(String key);

  /** A short description of the library's best way to send many commands, or null if it has none. */
  String bulkMode();

  /**
   * Sets every key to the value through the bulk mode, sending {@code batchSize} commands at a time
   * and waiting for each batch's replies before sending the next.
   */
  void bulkSet(List<String> keys, String value, int batchSize);

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
