package io.fastpath.benchmarks.cache;

/** One client's client-side cache, as scenario (g) drives it: GETs of string keys through the cache. */
interface CachedReader extends AutoCloseable {

  String label();

  /** A GET answered by the cache when it can; null for a missing key. */
  String get(String key);

  /** Reads the cache answered so far, or -1 when the client does not say. */
  long hits();

  /** Reads that went to the server so far, or -1 when the client does not say. */
  long misses();

  /** What the cache holds now against its bound, e.g. "498,112 of 524,288 bytes". */
  String held();
}
