package io.fastpath.benchmarks;

import java.util.concurrent.CompletableFuture;

/**
 * The few operations the scenarios need, implemented once per client library with that library's
 * documented, idiomatic setup.
 *
 * <p>Blocking methods wait for the reply. Async methods return as soon as the command is handed to
 * the client. A client without an async API or a bulk mode says so through {@link #supportsAsync()}
 * and {@link #bulkMode()}, and the report shows n/a for it.
 */
public interface BenchClient extends BulkSetClient, AutoCloseable {

  String get(String key);

  void set(String key, String value);

  byte[] get(byte[] key);

  void set(byte[] key, byte[] value);

  CompletableFuture<String> getAsync(String key);

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
