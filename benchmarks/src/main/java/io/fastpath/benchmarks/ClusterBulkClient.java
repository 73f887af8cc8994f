package io.fastpath.benchmarks;

/**
 * What the cluster bulk scenario (l) needs of a client, implemented once per library with that
 * library's documented cluster setup, given the address of any one node.
 */
public interface ClusterBulkClient extends BulkSetClient, AutoCloseable {

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
