package io.fastpath.benchmarks.callerio;

import io.fastpath.command.Reply;
import io.fastpath.benchmarks.BenchClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The caller-driven I/O prototype ({@link CallerDrivenConnection}; several for {@code callerio-pool}) as a benchmark client: blocking
 * GET and SET only, so scenarios a and c can measure it beside Fastpath and Jedis.
 */
public final class CallerIoBenchClient implements BenchClient {

  private static final byte[] GET = "GET".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SET = "SET".getBytes(StandardCharsets.US_ASCII);

  /** One connection, or several when each caller should find a loop free to drive (no follower wake-up). */
  private final CallerDrivenConnection[] connections;
  private final String label;

  public CallerIoBenchClient(String host, int port, boolean wakeDriverOnQueue) {
    this(host, port, wakeDriverOnQueue, 1);
  }

  public CallerIoBenchClient(String host, int port, boolean wakeDriverOnQueue, int connectionCount) {
    this.connections = new CallerDrivenConnection[connectionCount];
    for (int index = 0; index < connectionCount; index++) {
      connections[index] = CallerDrivenConnection.connect(host, port, wakeDriverOnQueue);
    }
    this.label = "callerio prototype (" + (connections[0].usesEpoll() ? "epoll" : "nio")
        + (wakeDriverOnQueue ? ", follower wakes driver" : "")
        + (connectionCount > 1 ? ", " + connectionCount + " conns, a free loop first" : "") + ")";
  }

  /** The first connection no one drives, else the caller's own by thread id (followers then stay spread). */
  private CallerDrivenConnection connection() {
    if (connections.length == 1) {
      return connections[0];
    }
    for (CallerDrivenConnection candidate : connections) {
      if (candidate.isFree()) {
        return candidate;
      }
    }
    return connections[(int) (Thread.currentThread().getId() % connections.length)];
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
    Reply reply = connection().execute(GET, key);
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
    Reply reply = connection().execute(SET, key, value);
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
    for (CallerDrivenConnection connection : connections) {
      connection.close();
    }
  }
}
