package io.fastpath.benchmarks.callerio;

import io.fastpath.Reply;
import io.fastpath.benchmarks.BenchClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The caller-driven I/O prototype ({@link CallerDrivenConnection}, one connection) as a benchmark client: blocking
 * GET and SET only, so scenarios a and c can measure it beside Fastpath and Jedis.
 */
public final class CallerIoBenchClient implements BenchClient {

  private static final byte[] GET = "GET".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SET = "SET".getBytes(StandardCharsets.US_ASCII);

  private final CallerDrivenConnection connection;
  private final String label;

  public CallerIoBenchClient(String host, int port, boolean wakeDriverOnQueue) {
    this.connection = CallerDrivenConnection.connect(host, port, wakeDriverOnQueue);
    this.label = "callerio prototype (" + (connection.usesEpoll() ? "epoll" : "nio")
        + (wakeDriverOnQueue ? ", follower wakes driver" : "") + ")";
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public String get(String key) {
    byte[] value = get(key.getBytes(StandardCharsets.UTF_8));
    return value == null ? null : new String(value, StandardCharsets.UTF_8);
  }

  @Override
  public void set(String key, String value) {
    set(key.getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public byte[] get(byte[] key) {
    Reply reply = connection.execute(GET, key);
    if (reply instanceof Reply.BulkStringReply bulk) {
      return bulk.value();
    }
    if (reply instanceof Reply.NullReply) {
      return null;
    }
    throw new IllegalStateException("GET replied " + reply);
  }

  @Override
  public void set(byte[] key, byte[] value) {
    Reply reply = connection.execute(SET, key, value);
    if (!(reply instanceof Reply.SimpleStringReply)) {
      throw new IllegalStateException("SET replied " + reply);
    }
  }

  @Override
  public boolean supportsAsync() {
    return false;
  }

  @Override
  public CompletableFuture<?> setAsync(String key, String value) {
    throw new UnsupportedOperationException("the prototype has blocking commands only");
  }

  @Override
  public CompletableFuture<String> getAsync(String key) {
    throw new UnsupportedOperationException("the prototype has blocking commands only");
  }

  @Override
  public String bulkMode() {
    return null;
  }

  @Override
  public void bulkSet(List<String> keys, String value, int batchSize) {
    throw new UnsupportedOperationException("the prototype has no bulk mode");
  }

  @Override
  public void close() {
    connection.close();
  }
}
