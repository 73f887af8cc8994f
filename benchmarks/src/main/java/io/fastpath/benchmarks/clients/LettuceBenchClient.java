package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Lettuce with one shared {@link StatefulRedisConnection} per codec, as its documentation
 * recommends; bulk mode uses a dedicated connection with auto-flush turned off.
 */
public final class LettuceBenchClient implements BenchClient {

  private final RedisClient client;
  /** Null: the client's own default resources. */
  private final ClientResources resources;
  private final String label;
  private final StatefulRedisConnection<String, String> connection;
  private final StatefulRedisConnection<byte[], byte[]> binaryConnection;
  private final LettuceFlushBatches<StatefulRedisConnection<String, String>> bulk;

  public LettuceBenchClient(String uri) {
    this(uri, false);
  }

  /** With {@code micrometer}, Lettuce's MicrometerCommandLatencyRecorder on (see {@link LettuceMetrics}). */
  public LettuceBenchClient(String uri, boolean micrometer) {
    this.resources = micrometer ? LettuceMetrics.resources() : null;
    this.client = micrometer ? RedisClient.create(resources, uri) : RedisClient.create(uri);
    this.label = micrometer ? "lettuce" + LettuceMetrics.LABEL : "lettuce";
    this.connection = client.connect();
    this.binaryConnection = client.connect(ByteArrayCodec.INSTANCE);
    this.bulk = new LettuceFlushBatches<>(client::connect, StatefulRedisConnection::async);
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    return connection.sync().get(key);
  }

  @Override
  public void set(String key, String value) {
    connection.sync().set(key, value);
  }

  @Override
  public byte[] get(byte[] key) {
    return binaryConnection.sync().get(key);
  }

  @Override
  public void set(byte[] key, byte[] value) {
    binaryConnection.sync().set(key, value);
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    return connection.async().set(key, value).toCompletableFuture();
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    return connection.async().get(key).toCompletableFuture();
  }

  @Override
  public String bulkMode() {
    return "dedicated connection, setAutoFlushCommands(false), flushCommands() per batch";
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    bulk.setAll(keys, value, batchSize);
  }

  @Override
  public void close() {
    bulk.close();
    binaryConnection.close();
    connection.close();
    client.shutdown();
    if (resources != null) {
      resources.shutdown();
    }
  }
}
