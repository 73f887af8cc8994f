package io.fastpath.benchmarks.sentinel;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.masterreplica.MasterReplica;
import io.lettuce.core.masterreplica.StatefulRedisMasterReplicaConnection;
import java.time.Duration;
import java.util.List;

/**
 * Lettuce as its documentation shows for Sentinel: one shared connection from {@code RedisClient.connect}
 * with a Sentinel {@link RedisURI} (the primary is looked up at connect and on every reconnect), or a
 * {@link MasterReplica} connection, which also follows the Sentinels' events. Command timeout 5 s, like Fastpath's.
 */
public final class LettuceSentinelClient implements SentinelBenchClient {

  private final RedisClient client;
  private final StatefulRedisConnection<String, String> connection;
  private final RedisCommands<String, String> commands;
  private final String label;

  public LettuceSentinelClient(String primaryName, List<String> sentinels, boolean masterReplica) {
    RedisURI.Builder uri = null;
    for (String sentinel : sentinels) {
      String[] hostPort = sentinel.split(":");
      uri = uri == null ? RedisURI.Builder.sentinel(hostPort[0], Integer.parseInt(hostPort[1]), primaryName)
          : uri.withSentinel(hostPort[0], Integer.parseInt(hostPort[1]));
    }
    RedisURI redisUri = uri.withTimeout(Duration.ofSeconds(5)).build();
    this.client = RedisClient.create();
    if (masterReplica) {
      StatefulRedisMasterReplicaConnection<String, String> replicated = MasterReplica.connect(client, StringCodec.UTF8, redisUri);
      this.connection = replicated;
      this.label = "lettuce MasterReplica";
    } else {
      this.connection = client.connect(redisUri);
      this.label = "lettuce RedisURI sentinel";
    }
    this.commands = connection.sync();
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public long incr(String key) {
    return commands.incr(key);
  }

  @Override
  public String get(String key) {
    return commands.get(key);
  }

  @Override
  public void close() {
    connection.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
  }
}
