package io.fastpath.benchmarks.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Pinned-event counting and the caller loop on real virtual threads: needs JDK 21 or newer, so the build runs this
 * class (by its tag) on the second JDK (benchmarks/pom.xml, profile virtual-threads-tests) and leaves it out of the
 * default run.
 */
@Tag("virtual-threads")
class PinnedEventsOnVirtualThreadsTest {

  /** Parks in its static initializer: a virtual thread running a class initializer cannot leave its carrier. */
  static final class ParksWhileInitializing {
    static {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }

    static void initialize() {
      // loading the class runs the initializer above
    }
  }

  @Test
  void aVirtualThreadThatParksHoldingItsCarrierIsOnePinnedEventAtTheFrameThatHeldIt() throws InterruptedException {
    PinnedEvents recording = PinnedEvents.start();
    Thread pinned = VirtualThreads.factory("bench-pinned-").newThread(ParksWhileInitializing::initialize);
    pinned.start();
    pinned.join(TimeUnit.SECONDS.toMillis(10));
    PinnedEvents.Count count = recording.stop();

    assertThat(VirtualThreads.isVirtual(pinned)).isTrue();
    assertThat(count.total()).isEqualTo(1);
    assertThat(count.topSite()).contains("ParksWhileInitializing");
  }

  @Test
  void virtualCallersThatParkFreelyPinNothingAndEachOfTheirCallsCountsOnceAsAnOpOrAsLate() {
    LongAdder callsEnded = new LongAdder();
    PinnedEvents recording = PinnedEvents.start();
    VirtualCallerResult result = VirtualCallerLoop.run(VirtualThreads.factory("bench-free-"), 200,
        Duration.ofMillis(300), (caller, iteration) -> {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // the call: a virtual thread parks, leaving its carrier
          callsEnded.increment();
        });
    PinnedEvents.Count count = recording.stop();

    assertThat(count.total()).isZero();
    assertThat(count.topSite()).isEmpty();
    // how many calls end inside the window depends on the machine's load; that each is counted once does not
    assertThat(result.stuck()).isZero();
    assertThat(result.failuresByClass()).isEmpty();
    assertThat(result.operations() + result.late()).isEqualTo(callsEnded.sum());
    assertThat(result.latencyNanos().getTotalCount()).isEqualTo(result.operations());
  }
}
