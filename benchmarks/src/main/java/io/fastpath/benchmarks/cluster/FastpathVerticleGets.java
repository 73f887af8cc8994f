package io.fastpath.benchmarks.cluster;

import io.fastpath.vertx.FastpathVertx;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Function;

/** fastpath-vertx: the one client shared by every verticle of the Vert.x instance, futures on the verticle's event loop. */
final class FastpathVerticleGets implements VerticleGets {
  private final Vertx vertx = Vertx.vertx();
  private final String seedUri;

  FastpathVerticleGets(String seedUri) {
    this.seedUri = seedUri;
  }

  @Override
  public String label() {
    return "fastpath (fastpath-vertx, shared client)";
  }

  @Override
  public Vertx vertx() {
    return vertx;
  }

  @Override
  public Future<Function<String, Future<String>>> forVerticle(Vertx vertx) {
    return FastpathVertx.shared(vertx, seedUri).map(redis -> redis::get);
  }
}
