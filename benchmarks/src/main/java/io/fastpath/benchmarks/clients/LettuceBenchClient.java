package io.fastpath.benchmarks.clients;

import io.fastpath.benchmarks.BenchClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import java.util.concurrent.CompletableFuture;

/**
 * Lettuce with one shared {@link StatefulRedisConnection} per codec, as its documentation
 * recommends; bulk mode uses a dedicated connection with auto-flush turned off.
 */
public final class LettuceBenchClient extends LettuceAdapter<StatefulRedisConnection<String, String>>
    implements BenchClient {

  private final StatefulRedisConnection<byte[], byte[]> binaryConnection;

  public LettuceBenchClient(String uri) {
    this(uri, false);
  }

  /** With {@code micrometer}, Lettuce's MicrometerCommandLatencyRecorder on (see {@link LettuceMetrics}). */
  public LettuceBenchClient(String uri, boolean micrometer) {
    this(uri, micrometer ? LettuceMetrics.resources() : null);
  }

  private LettuceBenchClient(String uri, ClientResources resources) {
    this(resources != null ? RedisClient.create(resources, uri) : RedisClient.create(uri), resources);
  }

  private LettuceBenchClient(RedisClient client, ClientResources resources) {
    super(client, resources, client::connect, StatefulRedisConnection::async,
        "dedicated connection, setAutoFlushCommands(false), flushCommands() per batch");
    this.binaryConnection = client.connect(ByteArrayCodec.INSTANCE);
  }

  @Override
  public String label() {
    return "lettuce" + metricsLabel();
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
  public CompletableFuture<String> getAsync(String key) {
    return connection.async().get(key).toCompletableFuture();
  }

  @Override
  protected void closeOwnConnections() {
    binaryConnection.close();
  }
}
