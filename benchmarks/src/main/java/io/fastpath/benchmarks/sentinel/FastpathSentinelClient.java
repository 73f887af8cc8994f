package io.fastpath.benchmarks.sentinel;

import io.fastpath.RedisClient;
import io.fastpath.SentinelOptions;
import java.time.Duration;
import java.util.List;

/**
 * Fastpath on a Sentinel-watched primary, with its defaults (writes held while a failover is announced);
 * {@code waitForReplicas} adds the option that also closes the asynchronous-replication window.
 */
public final class FastpathSentinelClient implements SentinelBenchClient {

  private final RedisClient client;
  private final String label;

  public FastpathSentinelClient(String primaryName, List<String> sentinels, boolean waitForReplicas) {
    SentinelOptions options = SentinelOptions.of(primaryName, sentinels);
    if (waitForReplicas) {
      options = options.waitForReplicas(1, Duration.ofMillis(100));
    }
    this.client = RedisClient.builder().sentinel(options).build();
    this.label = waitForReplicas ? "fastpath waitForReplicas(1, 100 ms)" : "fastpath";
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public long incr(String key) {
    return client.incr(key);
  }

  @Override
  public String get(String key) {
    return client.get(key);
  }

  @Override
  public void close() {
    client.close();
  }
}
