package io.fastpath.benchmarks.clients;

import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Fastpath with {@code RedisClient.create(uri)} and no tuning, using {@code binary()} for byte[]
 * keys and values; its plain async API is also its bulk path, so it reports no separate bulk mode.
 * The connection sweep builds it with {@code connectionsPerNode(n)} instead.
 */
public final class FastpathBenchClient implements BenchClient {

  private final RedisClient client;
  private final String label;

  public FastpathBenchClient(String uri) {
    this.client = RedisClient.create(uri);
    this.label = "fastpath";
  }

  public FastpathBenchClient(String uri, int connectionsPerNode) {
    this.client = RedisClient.builder().uri(uri).connectionsPerNode(connectionsPerNode).build();
    this.label = "fastpath (" + connectionsPerNode + " conns)";
  }

  /** With {@code congestionDetour(false)}: the comparison row for scenarios (c) and (d). */
  public FastpathBenchClient(String uri, boolean congestionDetour) {
    this.client = RedisClient.builder().uri(uri).congestionDetour(congestionDetour).build();
    this.label = congestionDetour ? "fastpath" : "fastpath (no detour)";
  }

  @Override
  public String label() {
    return label;
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
  public byte[] get(byte[] key) {
    return client.binary().get(key);
  }

  @Override
  public void set(byte[] key, byte[] value) {
    client.binary().set(key, value);
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return client.async().set(key, value);
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    return client.async().get(key);
  }

  @Override
  public String bulkMode() {
    return null;
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    throw new UnsupportedOperationException("Fastpath has no separate bulk mode");
  }

  @Override
  public void close() {
    client.close();
  }
}
