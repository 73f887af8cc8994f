package io.fastpath.benchmarks.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Caller-driven I/O ({@code callerDrivenIo(true)}) under virtual-thread callers, on JDK 21 or newer (tag
 * virtual-threads, as {@link PinnedEventsOnVirtualThreadsTest}): a virtual thread never drives a loop (in epoll it would
 * hold its carrier), so none of their commands is written on a virtual thread, none pins its carrier, none starves.
 */
@Tag("virtual-threads")
class CallerDrivenVirtualCallersTest {

  @Test
  void virtualThreadCallersOfACallerDrivenClientNeverDriveAPinNothingAndNoneStarves() {
    AtomicLong writtenOnVirtualThreads = new AtomicLong();
    AtomicLong written = new AtomicLong();
    CommandListener writers = new CommandListener() {
      @Override
      public void commandWritten(ObservedCommand command) {
        written.incrementAndGet();
        if (VirtualThreads.isVirtual(Thread.currentThread())) {
          writtenOnVirtualThreads.incrementAndGet();
        }
      }
    };
    try (RedisServer server = RedisServer.start();
         RedisClient redis = RedisClient.builder().uri(server.uri()).callerDrivenIo(true).connectionsPerNode(2)
             .commandListener(writers).build()) {
      redis.set("shared", "value");
      PinnedEvents recording = PinnedEvents.start();
      VirtualCallerResult result = VirtualCallerLoop.run(VirtualThreads.factory("callerio-virtual-"), 200,
          Duration.ofMillis(500), (caller, iteration) -> {
            if (!"value".equals(redis.get("shared"))) {
              throw new IllegalStateException("a caller read another caller's reply");
            }
          });
      PinnedEvents.Count pinned = recording.stop();

      assertThat(result.failures()).as("failed calls").isZero();
      assertThat(result.operations()).isGreaterThanOrEqualTo(200);
      assertThat(result.starved()).isZero();
      assertThat(pinned.total()).as("pinned events, most at %s", pinned.topSite()).isZero();
      assertThat(written.get()).isGreaterThanOrEqualTo(200);
      assertThat(writtenOnVirtualThreads.get()).as("commands written by a virtual thread driving a loop").isZero();
    }
  }
}
