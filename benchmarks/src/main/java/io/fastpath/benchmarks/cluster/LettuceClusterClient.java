package io.fastpath.benchmarks.cluster;

import io.fastpath.benchmarks.ClusterClient;
import io.fastpath.benchmarks.clients.LettuceAdapter;
import io.fastpath.benchmarks.clients.LettuceMetrics;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.resource.ClientResources;

/**
 * Lettuce's {@code RedisClusterClient} with one shared {@code StatefulRedisClusterConnection}, all defaults: the
 * sync API for GETs, the async API as the plain async SET, and as bulk mode the pattern Lettuce's docs give for
 * pipelining, a dedicated cluster connection with {@code setAutoFlushCommands(false)} and {@code flushCommands()}
 * once per batch.
 */
public final class LettuceClusterClient extends LettuceAdapter<StatefulRedisClusterConnection<String, String>>
    implements ClusterClient {

  public LettuceClusterClient(String seedUri) {
    this(seedUri, false);
  }

  /** With {@code micrometer}, Lettuce's MicrometerCommandLatencyRecorder on (see {@link LettuceMetrics}). */
  public LettuceClusterClient(String seedUri, boolean micrometer) {
    this(seedUri, micrometer ? LettuceMetrics.resources() : null);
  }

  private LettuceClusterClient(String seedUri, ClientResources resources) {
    this(resources != null ? RedisClusterClient.create(resources, RedisURI.create(seedUri)) : RedisClusterClient.create(seedUri),
        resources);
  }

  private LettuceClusterClient(RedisClusterClient client, ClientResources resources) {
    super(client, resources, client::connect, StatefulRedisClusterConnection::async,
        "dedicated cluster connection, setAutoFlushCommands(false), flushCommands() per batch");
  }

  @Override
  public String label() {
    return "lettuce (RedisClusterClient, one connection)" + metricsLabel();
  }

  @Override
  public String get(String key) {
    return connection.sync().get(key);
  }
}
