package io.fastpath.benchmarks.cluster;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Request chains on one verticle's event loop, as in an ad exchange's request handling: each chain GETs a random key,
 * and when the reply arrives GETs the next, until the window ends. GETs sent within the measured window are recorded.
 */
final class ChainVerticle extends AbstractVerticle {
  private final VerticleGets client;
  private final List<String> keys;
  private final int chains;
  private final long measureFromNanos;
  private final long measureUntilNanos;
  private final Promise<ChainVerticle> finished = Promise.promise();
  // This verticle's event loop only.
  final Histogram latencyNanos = new Histogram(3);
  long errors;
  Throwable firstError;
  /** Chains not yet ended; read by the scenario when a chain never got its reply. */
  final AtomicInteger running = new AtomicInteger();

  ChainVerticle(VerticleGets client, List<String> keys, int chains, long measureFromNanos, long measureUntilNanos) {
    this.client = client;
    this.keys = keys;
    this.chains = chains;
    this.measureFromNanos = measureFromNanos;
    this.measureUntilNanos = measureUntilNanos;
  }

  Future<ChainVerticle> finished() {
    return finished.future();
  }

  @Override
  public void start(Promise<Void> started) {
    client.forVerticle(vertx).onSuccess(get -> {
      running.set(chains);
      for (int i = 0; i < chains; i++) {
        next(get);
      }
    }).<Void>mapEmpty().onComplete(started);
  }

  private void next(Function<String, Future<String>> get) {
    long sent = System.nanoTime();
    if (sent - measureUntilNanos >= 0) {
      if (running.decrementAndGet() == 0) {
        finished.complete(this);
      }
      return;
    }
    String key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
    Future<String> reply = get.apply(key);
    if (reply.isComplete()) { // failed fast (a full pool): go on in a new task, not deeper in this stack
      record(key, sent, reply);
      context.runOnContext(nothing -> next(get));
      return;
    }
    reply.onComplete(done -> {
      record(key, sent, done);
      next(get);
    });
  }

  private void record(String key, long sent, io.vertx.core.AsyncResult<String> reply) {
    boolean measured = sent - measureFromNanos >= 0;
    if (reply.succeeded() && reply.result() != null) {
      if (measured) {
        latencyNanos.recordValue(System.nanoTime() - sent);
      }
    } else if (measured) {
      errors++;
      if (firstError == null) {
        firstError = reply.failed() ? reply.cause() : new IllegalStateException("GET " + key + " returned nil");
      }
    }
  }
}
