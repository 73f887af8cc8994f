package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.clients.GlideBenchClient;

/**
 * Valkey GLIDE's {@code GlideClusterClient} as the other scenarios set it up ({@link GlideBenchClient}), defaults
 * except, for the refresh-cost window, its periodic topology check. GLIDE reports no redirect or topology counts.
 */
final class GlideScaleClient implements ScaleClient {

  private final GlideBenchClient client;

  /** {@code periodicCheckSeconds} null: GLIDE's default (60 s). */
  GlideScaleClient(String host, int port, Integer periodicCheckSeconds) {
    this.client = GlideBenchClient.cluster(host, port, periodicCheckSeconds);
  }

  @Override
  public String label() {
    return "glide";
  }

  @Override
  public String get(String key) {
    try {
      return client.get(key);
    } catch (GlideBenchClient.GlideCallException e) {
      throw unwrapped(e);
    }
  }

  @Override
  public void set(String key, String value) {
    try {
      client.set(key, value);
    } catch (GlideBenchClient.GlideCallException e) {
      throw unwrapped(e);
    }
  }

  /** GLIDE's own exception (its class is what the failure counts show), or the wrapper when the cause is checked. */
  private static RuntimeException unwrapped(GlideBenchClient.GlideCallException e) {
    return e.getCause() instanceof RuntimeException cause ? cause : e;
  }

  @Override
  public void close() {
    client.close();
  }
}
