package io.fastpath.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

  @Test
  void aStalledCallChargesEverySlotScheduledDuringTheStallFromItsScheduledTime() {
    // One caller at 100/s: slots every 10 ms; the first call blocks 200 ms, so about 20 slots wait behind it.
    OpenLoop.Result result = OpenLoop.run(1, Duration.ofMillis(1000), 100, (caller, iteration) -> {
      if (iteration == 0) {
        Thread.sleep(200);
      }
    });

    long lateOver100Millis = result.loop().latencyNanos().getCountBetweenValues(100_000_000L, Long.MAX_VALUE);
    assertThat(result.loop().latencyNanos().getMaxValue()).isGreaterThanOrEqualTo(200_000_000L);
    assertThat(lateOver100Millis).isGreaterThanOrEqualTo(10);
    assertThat(result.loop().operations() + result.unsent()).isEqualTo(100);
  }

  @Test
  void slotsNotSentBeforeTheWindowClosesAreCountedAsUnsent() {
    OpenLoop.Result result = OpenLoop.run(2, Duration.ofMillis(300), 100, (caller, iteration) -> Thread.sleep(1000));

    assertThat(result.loop().operations()).isEqualTo(2);
    assertThat(result.unsent()).isEqualTo(28);
    assertThat(result.loop().latencyNanos().getTotalCount()).isEqualTo(30);
  }
}
