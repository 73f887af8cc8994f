package io.fastpath.benchmarks;

/**
 * The one operation the cluster scenario needs, a blocking GET, implemented once per client library
 * with that library's documented cluster setup, given the address of any one node.
 */
public interface ClusterBenchClient extends AutoCloseable {

  /** The label shown in the report, including any setting that differs from the library default. */
  String label();

  String get(String key);

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
