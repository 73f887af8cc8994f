package io.fastpath.benchmarks.cluster;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Response;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Waits for a Vert.x future from a blocking caller, for at most {@value #TIMEOUT_SECONDS} s.
 *
 * <p>Bounded because the pooled cluster client with its defaults was seen leaving futures
 * uncompleted for good under 64 callers, which stalled the whole run; such a GET now counts as an
 * error in the client's row.
 */
final class VertxReplies {

  static final int TIMEOUT_SECONDS = 5;

  private VertxReplies() {}

  static <T> T await(Future<T> future) {
    try {
      return future.toCompletionStage().toCompletableFuture().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("no reply and no failure within " + TIMEOUT_SECONDS + " s");
    } catch (ExecutionException e) {
      throw new CompletionException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for Vert.x", e);
    }
  }

  /** A GET's reply as text: null for a missing key. */
  static String text(Future<Response> reply) {
    Response response = await(reply);
    return response == null ? null : response.toString();
  }

  /** Closes each of {@code closes} in order, awaiting each, then Vert.x itself even when one of them failed. */
  @SafeVarargs
  static void closeAll(Vertx vertx, Supplier<Future<Void>>... closes) {
    try {
      for (Supplier<Future<Void>> close : closes) {
        await(close.get());
      }
    } finally {
      await(vertx.close());
    }
  }
}
