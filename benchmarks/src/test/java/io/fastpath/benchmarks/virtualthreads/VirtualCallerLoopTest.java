package io.fastpath.benchmarks.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The loop's counting on platform threads (any JDK); {@link PinnedEventsOnVirtualThreadsTest} runs it on virtual ones. */
class VirtualCallerLoopTest {

  private static final Duration WINDOW = Duration.ofMillis(200);

  @Test
  void callersWithNoSuccessfulCallInsideTheWindowAreStarvedAndFailuresCountByTheirRootClass() {
    VirtualCallerResult result = VirtualCallerLoop.run(Executors.defaultThreadFactory(), 4, WINDOW, (caller, iteration) -> {
      switch (caller) {
        case 0 -> Thread.sleep(WINDOW.toMillis() * 5); // its one call ends after the window: late, not an op
        case 1 -> throw new IllegalStateException("wrapped", new TimeoutException("the client gave up"));
        default -> Thread.sleep(1);
      }
    });

    assertThat(result.callers()).isEqualTo(4);
    assertThat(result.starved()).isEqualTo(2);
    assertThat(result.stuck()).isZero();
    assertThat(result.late()).isGreaterThanOrEqualTo(1);
    assertThat(result.failuresByClass()).containsOnlyKeys("TimeoutException");
    assertThat(result.failures()).isPositive();
    assertThat(result.operations()).isPositive();
    assertThat(result.latencyNanos().getTotalCount()).isEqualTo(result.operations());
    assertThat(result.firstFailure()).hasRootCauseInstanceOf(TimeoutException.class);
  }

  @Test
  void everyCallerServedMeansNoneStarved() {
    VirtualCallerResult result = VirtualCallerLoop.run(Executors.defaultThreadFactory(), 3, WINDOW,
        (caller, iteration) -> Thread.sleep(1));

    assertThat(result.starved()).isZero();
    assertThat(result.failuresByClass()).isEmpty();
    assertThat(result.operations()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void theFailureClassIsTheRootCausesSimpleName() {
    assertThat(VirtualCallerLoop.failureClass(new RuntimeException(new IllegalArgumentException(new TimeoutException()))))
        .isEqualTo("TimeoutException");
    assertThat(VirtualCallerLoop.failureClass(new IllegalStateException("alone"))).isEqualTo("IllegalStateException");
  }
}
