package io.fastpath.benchmarks.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class VertxRepliesTest {

  @Test
  void aCompletedFutureGivesItsValue() {
    assertThat(VertxReplies.await(Future.succeededFuture("value"))).isEqualTo("value");
  }

  @Test
  void aFailedFutureThrowsItsCause() {
    IllegalStateException failure = new IllegalStateException("pool busy");

    assertThatThrownBy(() -> VertxReplies.await(Future.failedFuture(failure)))
        .isInstanceOf(CompletionException.class)
        .hasCause(failure);
  }
}
