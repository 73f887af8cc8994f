package io.fastpath.benchmarks.cluster;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Redisson with {@code useClusterServers()} and its default pools, reading {@code RBucket}s with
 * {@link StringCodec} so the values are the plain bytes the preload wrote.
 */
public final class RedissonClusterClient implements ClusterBenchClient {

  private final RedissonClient client;

  public RedissonClusterClient(String seedUri) {
    Config config = new Config();
    config.useClusterServers().addNodeAddress(seedUri);
    this.client = Redisson.create(config);
  }

  @Override
  public String label() {
    return "redisson (useClusterServers)";
  }

  @Override
  public String get(String key) {
    return client.<String>getBucket(key, StringCodec.INSTANCE).get();
  }

  @Override
  public void close() {
    client.shutdown();
  }
}
