package io.fastpath.benchmarks.sentinel;

/**
 * What the Sentinel scenario asks of a client, built with that library's documented Sentinel setup from
 * the primary's name and the Sentinels' addresses: a blocking INCR and GET, shared by every caller thread.
 */
public interface SentinelBenchClient extends AutoCloseable {

  /** The label shown in the report, including any setting that differs from the library default. */
  String label();

  long incr(String key);

  String get(String key);

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
