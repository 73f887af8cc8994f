package io.fastpath.benchmarks.sentinel;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisSentinelPool;
import redis.clients.jedis.RedisSentinelClient;

/**
 * Jedis 8 on Sentinel: the classic {@link JedisSentinelPool} (a {@code Jedis} borrowed per command), or
 * the newer {@link RedisSentinelClient} (a pooled client, the successor of {@code JedisSentineled}). Both
 * pools hold 32 connections, one per caller, instead of the default 8.
 */
public final class JedisSentinelClient implements SentinelBenchClient {

  private static final int POOL_SIZE = 32;

  private final JedisSentinelPool pool;
  private final RedisSentinelClient client;

  public JedisSentinelClient(String primaryName, List<String> sentinels, boolean sentinelPool) {
    if (sentinelPool) {
      GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
      config.setMaxTotal(POOL_SIZE);
      config.setMaxIdle(POOL_SIZE);
      this.pool = new JedisSentinelPool(primaryName, new HashSet<>(sentinels), config);
      this.client = null;
    } else {
      GenericObjectPoolConfig<Connection> config = new GenericObjectPoolConfig<>();
      config.setMaxTotal(POOL_SIZE);
      config.setMaxIdle(POOL_SIZE);
      Set<HostAndPort> addresses = new HashSet<>();
      sentinels.forEach(sentinel -> addresses.add(HostAndPort.from(sentinel)));
      this.client = RedisSentinelClient.builder().masterName(primaryName).sentinels(addresses).poolConfig(config).build();
      this.pool = null;
    }
  }

  @Override
  public String label() {
    return pool != null ? "jedis JedisSentinelPool(" + POOL_SIZE + ")" : "jedis RedisSentinelClient(" + POOL_SIZE + ")";
  }

  @Override
  public long incr(String key) {
    if (client != null) {
      return client.incr(key);
    }
    try (Jedis jedis = pool.getResource()) {
      return jedis.incr(key);
    }
  }

  @Override
  public String get(String key) {
    if (client != null) {
      return client.get(key);
    }
    try (Jedis jedis = pool.getResource()) {
      return jedis.get(key);
    }
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.close();
    } else {
      client.close();
    }
  }
}
