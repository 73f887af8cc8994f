package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import io.fastpath.benchmarks.ClusterClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.ByteArrayCodec;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Redisson with its default pools, {@code useSingleServer()} or (for the cluster scenarios)
 * {@code useClusterServers()}, reading and writing {@code RBucket}s with {@link StringCodec} (and
 * {@link ByteArrayCodec} for byte values) so the stored values are the same plain bytes every other client writes;
 * bulk mode is {@code RBatch}, which Redisson splits by node on a cluster.
 */
public final class RedissonBenchClient implements BenchClient, ClusterClient {

  private final RedissonClient client;
  private final String label;

  /** {@code useSingleServer()} on {@code uri}. */
  public RedissonBenchClient(String uri) {
    Config config = new Config();
    config.useSingleServer().setAddress(uri);
    this.client = Redisson.create(config);
    this.label = "redisson";
  }

  private RedissonBenchClient(RedissonClient client, String label) {
    this.client = client;
    this.label = label;
  }

  /** {@code useClusterServers()} with any one node's address. */
  public static RedissonBenchClient cluster(String seedUri) {
    Config config = new Config();
    config.useClusterServers().addNodeAddress(seedUri);
    return new RedissonBenchClient(Redisson.create(config), "redisson (useClusterServers)");
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return client.<String>getBucket(key, StringCodec.INSTANCE).get();
  }

  @Override
  public void set(String key, String value) {
    client.<String>getBucket(key, StringCodec.INSTANCE).set(value);
  }

  @Override
  public byte[] get(byte[] key) {
    return client.<byte[]>getBucket(text(key), ByteArrayCodec.INSTANCE).get();
  }

  @Override
  public void set(byte[] key, byte[] value) {
    client.<byte[]>getBucket(text(key), ByteArrayCodec.INSTANCE).set(value);
  }

  // Redisson names objects with Strings only.
  private static String text(byte[] key) {
    return new String(key, StandardCharsets.UTF_8);
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return client.<String>getBucket(key, StringCodec.INSTANCE).setAsync(value).toCompletableFuture();
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    return client.<String>getBucket(key, StringCodec.INSTANCE).getAsync().toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "RBatch per batch, execute()";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    RedissonBatches.setAll(client, keys, value, batchSize);
  }

  @Override
  public void close() {
    client.shutdown();
  }
}
