package io.fastpath.benchmarks.virtualthreads;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.CommandListener;
import io.fastpath.ObservedCommand;
import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Caller-driven I/O ({@code callerDrivenIo(true)}) under virtual-thread callers, on JDK 21 or newer (tag
 * virtual-threads, as {@link PinnedEventsOnVirtualThreadsTest}): a virtual thread never drives a loop (in epoll it would
 * hold its carrier), so none of their commands is written on a virtual thread, none pins its carrier, and every one
 * finishes its calls.
 */
@Tag("virtual-threads")
class CallerDrivenVirtualCallersTest {
  private static final int CALLERS = 200;
  private static final int CALLS_EACH = 5;

  @Test
  void virtualThreadCallersOfACallerDrivenClientNeverDriveAPinNothingAndAllFinish() throws InterruptedException {
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
      // A fixed number of calls per caller, not a time window: under load every caller still finishes (no throughput
      // is asserted), and one that never got served would show as unfinished
      ThreadFactory threads = VirtualThreads.factory("callerio-virtual-");
      ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
      List<Thread> callers = new ArrayList<>();
      for (int c = 0; c < CALLERS; c++) {
        Thread caller = threads.newThread(() -> {
          try {
            for (int i = 0; i < CALLS_EACH; i++) {
              if (!"value".equals(redis.get("shared"))) {
                throw new IllegalStateException("a caller read another caller's reply");
              }
            }
          } catch (RuntimeException failure) {
            failures.add(failure);
          }
        });
        callers.add(caller);
        caller.start();
      }
      long giveUpAt = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      for (Thread caller : callers) {
        caller.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(giveUpAt - System.nanoTime())));
      }
      PinnedEvents.Count pinned = recording.stop();

      assertThat(callers).as("callers still waiting after a minute").noneMatch(Thread::isAlive);
      assertThat(failures).as("failed calls").isEmpty();
      assertThat(pinned.total()).as("pinned events, most at %s", pinned.topSite()).isZero();
      assertThat(written.get()).as("commands written").isGreaterThanOrEqualTo((long) CALLERS * CALLS_EACH);
      assertThat(writtenOnVirtualThreads.get()).as("commands written by a virtual thread driving a loop").isZero();
    }
  }
}
