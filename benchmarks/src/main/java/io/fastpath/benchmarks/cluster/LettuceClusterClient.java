package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.clients.LettuceMetrics;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.resource.ClientResources;

/** Lettuce's {@code RedisClusterClient} with one shared {@code StatefulRedisClusterConnection}, all defaults. */
public final class LettuceClusterClient implements ClusterBenchClient {

  private final RedisClusterClient client;
  /** Null: the client's own default resources. */
  private final ClientResources resources;
  private final StatefulRedisClusterConnection<String, String> connection;

  public LettuceClusterClient(String seedUri) {
    this(seedUri, false);
  }

  /** With {@code micrometer}, Lettuce's MicrometerCommandLatencyRecorder on (see {@link LettuceMetrics}). */
  public LettuceClusterClient(String seedUri, boolean micrometer) {
    this.resources = micrometer ? LettuceMetrics.resources() : null;
    this.client = micrometer ? RedisClusterClient.create(resources, RedisURI.create(seedUri)) : RedisClusterClient.create(seedUri);
    this.connection = client.connect();
  }

  @Override
  public String label() {
    return "lettuce (RedisClusterClient, one connection)" + (resources != null ? LettuceMetrics.LABEL : "");
  }

  @Override
  public String get(String key) {
    return connection.sync().get(key);
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown();
    if (resources != null) {
      resources.shutdown();
    }
  }
}
