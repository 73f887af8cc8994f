package io.fastpath.benchmarks.cache;

/** One client's client-side cache, as scenario (g) drives it: GETs of string keys through the cache. */
abstract class CachedReader implements AutoCloseable {

  private final String label;

  CachedReader(String label) {
    this.label = label;
  }

  /** The row's label: the client and its cache setting. */
  public final String label() {
    return label;
  }

  /** A GET answered by the cache when it can; null for a missing key. */
  public abstract String get(String key);

  /** Reads the cache answered so far, or -1 when the client does not say. */
  public abstract long hits();

  /** Reads that went to the server so far, or -1 when the client does not say. */
  public abstract long misses();

  /** What the cache holds now against its bound, e.g. "498,112 of 524,288 bytes". */
  public abstract String held();
}
