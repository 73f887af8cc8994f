package io.fastpath.benchmarks.scale;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.RedisEvent;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Fastpath given one node's URI, every setting default except, for the refresh-cost window, the topology refresh
 * period; an event listener counts the redirects and topology changes it reports.
 */
final class FastpathScaleClient implements ScaleClient {

  private final LongAdder redirects = new LongAdder();
  private final LongAdder topologyChanges = new LongAdder();
  private final RedisClient client;

  /** {@code refreshPeriod} null: the default period. */
  FastpathScaleClient(String host, int port, Duration refreshPeriod) {
    RedisClientBuilder builder = RedisClient.builder().uri("redis://" + host + ":" + port).eventListener(event -> {
      if (event instanceof RedisEvent.Redirected) {
        redirects.increment();
      } else if (event instanceof RedisEvent.TopologyChanged) {
        topologyChanges.increment();
      }
    });
    if (refreshPeriod != null) {
      builder.topologyRefreshPeriod(refreshPeriod);
    }
    this.client = builder.build();
  }

  @Override
  public String label() {
    return "fastpath";
  }

  @Override
  public String get(String key) {
    return client.get(key);
  }

  @Override
  public void set(String key, String value) {
    client.set(key, value);
  }

  @Override
  public double redirectsFollowed() {
    return redirects.sum();
  }

  @Override
  public double topologyChanges() {
    return topologyChanges.sum();
  }

  @Override
  public void close() {
    client.close();
  }
}
