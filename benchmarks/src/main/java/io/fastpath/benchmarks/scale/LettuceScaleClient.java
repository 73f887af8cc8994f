package io.fastpath.benchmarks.scale;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import java.time.Duration;

/**
 * Lettuce's {@code RedisClusterClient} with one shared cluster connection and its sync API, all defaults except, for
 * the refresh-cost window, a periodic topology refresh. Lettuce reports no redirect or topology-change counts.
 */
final class LettuceScaleClient implements ScaleClient {

  private final RedisClusterClient client;
  private final StatefulRedisClusterConnection<String, String> connection;
  private final RedisAdvancedClusterCommands<String, String> commands;

  /** {@code refreshPeriod} null: Lettuce's default, no periodic refresh. */
  LettuceScaleClient(String host, int port, Duration refreshPeriod) {
    this.client = RedisClusterClient.create(RedisURI.create(host, port));
    if (refreshPeriod != null) {
      client.setOptions(ClusterClientOptions.builder()
          .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder().enablePeriodicRefresh(refreshPeriod).build())
          .build());
    }
    this.connection = client.connect();
    this.commands = connection.sync();
  }

  @Override
  public String label() {
    return "lettuce";
  }

  @Override
  public String get(String key) {
    return commands.get(key);
  }

  @Override
  public void set(String key, String value) {
    commands.set(key, value);
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown();
  }
}
