package io.fastpath.benchmarks.cluster;

import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;

/** Lettuce's {@code RedisClusterClient} with one shared {@code StatefulRedisClusterConnection}, all defaults. */
public final class LettuceClusterClient implements ClusterBenchClient {

  private final RedisClusterClient client;
  private final StatefulRedisClusterConnection<String, String> connection;

  public LettuceClusterClient(String seedUri) {
    this.client = RedisClusterClient.create(seedUri);
    this.connection = client.connect();
  }

  @Override
  public String label() {
    return "lettuce (RedisClusterClient, one connection)";
  }

  @Override
  public String get(String key) {
    return connection.sync().get(key);
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown();
  }
}
