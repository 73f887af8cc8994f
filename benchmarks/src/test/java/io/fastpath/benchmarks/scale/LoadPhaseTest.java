package io.fastpath.benchmarks.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LoadPhaseTest {

  @Test
  void failuresAreCountedByClassWithThoseOnTheMarkedShardApart() {
    LoadPhase phase = new LoadPhase("kill");
    phase.failed(new IllegalStateException("first"), true);
    phase.failed(new IllegalStateException("second"), false);
    phase.failed(new UnsupportedOperationException("third"), true);
    phase.end();

    assertThat(phase.failures()).isEqualTo(3);
    assertThat(phase.failuresOnMarkedShard()).isEqualTo(2);
    assertThat(phase.failureClasses()).isEqualTo("IllegalStateException 2, UnsupportedOperationException 1");
    assertThat(phase.firstMessages()).isEqualTo("IllegalStateException: first\nUnsupportedOperationException: third\n");
  }

  @Test
  void percentilesAreOfTheLatenciesRecordedBeforeTheEnd() {
    LoadPhase phase = new LoadPhase("steady");
    for (int i = 1; i <= 100; i++) {
      phase.succeeded(TimeUnit.MICROSECONDS.toNanos(i));
    }
    phase.end();
    phase.succeeded(TimeUnit.SECONDS.toNanos(1)); // after the end: not in the phase's histogram

    assertThat(phase.completed()).isEqualTo(101);
    assertThat(phase.percentileMicros(99)).isBetween(98.9, 99.1);
    assertThat(phase.failureClasses()).isEmpty();
  }
}
