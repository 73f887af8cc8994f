package io.fastpath.benchmarks.cluster;

import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClusterClient;

/** Jedis's {@code RedisClusterClient} (the successor of {@code JedisCluster}) with its default pool per node. */
public final class JedisClusterClient implements ClusterBenchClient {

  private final RedisClusterClient client;

  public JedisClusterClient(String host, int port) {
    this.client = RedisClusterClient.create(new HostAndPort(host, port));
  }

  @Override
  public String label() {
    return "jedis (RedisClusterClient, default pool per node)";
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
