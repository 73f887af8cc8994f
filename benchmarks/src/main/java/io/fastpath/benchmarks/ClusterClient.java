package io.fastpath.benchmarks;

/**
 * A library's cluster adapter that serves both cluster scenarios: blocking GETs (f, h: {@link ClusterBenchClient})
 * and bulk SETs (l: {@link ClusterBulkClient}), with one setup, so the two scenarios measure the same client.
 */
public interface ClusterClient extends ClusterBenchClient, ClusterBulkClient {

  /** Shuts the client down and stops every thread it started. */
  @Override
  void close();
}
