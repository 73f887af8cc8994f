package io.fastpath.benchmarks.sentinel;

import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RespClient;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scenario's own view of the failover, independent of the clients: a subscriber on every Sentinel
 * noting when the first {@code +switch-master} was published (System.nanoTime, 0 until then).
 */
final class SentinelObserver implements AutoCloseable {
  private final AtomicLong firstSwitchNanos = new AtomicLong();
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();
  private final List<RespClient> subscribers = new ArrayList<>();

  SentinelObserver(List<RedisServer> sentinels) {
    for (RedisServer sentinel : sentinels) {
      RespClient subscriber = new RespClient(sentinel.host(), sentinel.port(), Duration.ofSeconds(2), Duration.ofMillis(200));
      subscriber.call("SUBSCRIBE", "+switch-master");
      subscribers.add(subscriber);
      Thread thread = new Thread(() -> listen(subscriber), "bench-sentinel-observer-" + sentinel.port());
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
  }

  private void listen(RespClient subscriber) {
    while (!stopping.get()) {
      try {
        Object message = subscriber.receive();
        if (message instanceof List<?> push && push.size() >= 3 && "message".equals(push.get(0))
            && "+switch-master".equals(push.get(1))) {
          firstSwitchNanos.compareAndSet(0, System.nanoTime());
        }
      } catch (UncheckedIOException quietOrClosed) {
        // a read timeout: look at the stop flag and listen again
      }
    }
  }

  long firstSwitchNanos() {
    return firstSwitchNanos.get();
  }

  @Override
  public void close() {
    stopping.set(true);
    for (Thread thread : threads) {
      try {
        thread.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    subscribers.forEach(RespClient::close);
  }
}
