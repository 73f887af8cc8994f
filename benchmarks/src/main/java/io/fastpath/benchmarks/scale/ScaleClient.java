package io.fastpath.benchmarks.scale;

/**
 * What scenario (m) asks of a cluster client: blocking GET and SET from many caller threads, and the redirects it
 * reports having followed where the library says so.
 */
interface ScaleClient extends AutoCloseable {

  String label();

  String get(String key);

  void set(String key, String value);

  /** MOVED/ASK redirects the client reports having followed since it started, or NaN when it reports none. */
  default double redirectsFollowed() {
    return Double.NaN;
  }

  /** Topology changes the client reports having applied since it started, or NaN when it reports none. */
  default double topologyChanges() {
    return Double.NaN;
  }

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
