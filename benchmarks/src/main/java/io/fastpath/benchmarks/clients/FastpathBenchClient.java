package io.fastpath.benchmarks.clients;

import io.fastpath.RedisClient;
import io.fastpath.RedisClientBuilder;
import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.ClusterClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Fastpath with {@code RedisClient.create(uri)} and no tuning, using {@code binary()} for byte[]
 * keys and values; its plain async API is also its bulk path, so it reports no separate bulk mode.
 * The connection sweep builds it with {@code connectionsPerNode(n)} instead.
 *
 * <p>The same adapter serves the cluster scenarios: given any one node's address, the client detects the cluster
 * itself, as an application's {@code RedisClient.create} would.
 */
public final class FastpathBenchClient implements BenchClient, ClusterClient {

  private final RedisClient client;
  private final String label;
  /** Null without {@code --metrics}. */
  private final FastpathMetrics metrics;

  public FastpathBenchClient(String uri) {
    this.client = RedisClient.create(uri);
    this.label = "fastpath";
    this.metrics = null;
  }

  /** With the command listener of {@code --metrics} mode {@code micrometer} or {@code otel}. */
  public FastpathBenchClient(String uri, String metricsMode) {
    this.metrics = FastpathMetrics.create(metricsMode);
    this.client = RedisClient.builder().uri(uri).commandListener(metrics.listener()).build();
    this.label = "fastpath" + FastpathMetrics.label(metricsMode);
  }

  public FastpathBenchClient(String uri, int connectionsPerNode) {
    this.client = RedisClient.builder().uri(uri).connectionsPerNode(connectionsPerNode).build();
    this.label = "fastpath (" + connectionsPerNode + " conns)";
    this.metrics = null;
  }

  /** With {@code congestionDetour(false)}: the comparison row for scenarios (c) and (d). */
  public FastpathBenchClient(String uri, boolean congestionDetour) {
    this.client = RedisClient.builder().uri(uri).congestionDetour(congestionDetour).build();
    this.label = congestionDetour ? "fastpath" : "fastpath (no detour)";
    this.metrics = null;
  }

  private FastpathBenchClient(RedisClient client, String label) {
    this.client = client;
    this.label = label;
    this.metrics = null;
  }

  /**
   * With {@code callerDrivenIo(true)} (issue 30): blocking callers drive a free connection's event loop themselves; its
   * default connections when {@code connections} is 0, else that many ({@code fastpath-callerio:N}).
   */
  public static FastpathBenchClient callerDriven(String uri, int connections) {
    RedisClientBuilder builder = RedisClient.builder().uri(uri).callerDrivenIo(true);
    if (connections == 0) {
      return new FastpathBenchClient(builder.build(), "fastpath (caller-driven I/O)");
    }
    return new FastpathBenchClient(builder.connectionsPerNode(connections).build(),
        "fastpath (caller-driven I/O, " + connections + " conns)");
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
    if (metrics != null) {
      metrics.close();
    }
  }
}
