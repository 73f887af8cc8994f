package io.fastpath.benchmarks.scale;

import io.fastpath.benchmarks.BenchClients;
import java.time.Duration;
import java.util.List;

/** Scenario (m)'s clients by name: Fastpath, Lettuce and Valkey GLIDE. */
final class ScaleClients {

  static final List<String> SUPPORTED = List.of(BenchClients.FASTPATH, BenchClients.LETTUCE, BenchClients.GLIDE);

  private ScaleClients() {}

  /** {@code refreshPeriod} null: the library's default topology refresh; otherwise a periodic one this often. */
  static ScaleClient create(String name, String host, int port, Duration refreshPeriod) {
    switch (name) {
      case BenchClients.FASTPATH:
        return new FastpathScaleClient(host, port, refreshPeriod);
      case BenchClients.LETTUCE:
        return new LettuceScaleClient(host, port, refreshPeriod);
      case BenchClients.GLIDE:
        return new GlideScaleClient(host, port, refreshPeriod == null ? null : (int) refreshPeriod.toSeconds());
      default:
        throw new IllegalArgumentException("scenario m has no adapter for " + name);
    }
  }
}
