package io.fastpath.benchmarks.cluster;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Function;

/**
 * One client of scenario (j) inside one Vert.x instance: what each verticle GETs with. Created per row, closed
 * (with its Vert.x instance) after it.
 */
interface VerticleGets extends AutoCloseable {

  String label();

  Vertx vertx();

  /** Called on a verticle's context in its start: the GET that verticle's request chains use. */
  Future<Function<String, Future<String>>> forVerticle(Vertx vertx);

  @Override
  default void close() {
    VertxReplies.await(vertx().close());
  }
}
