package io.fastpath.benchmarks;

import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerBinary;
import java.nio.file.Path;

/**
 * The standalone redis-server every scenario runs against: the testkit's {@link RedisServer} (free
 * loopback port, no persistence, stopped on close and by a shutdown hook), plus the benchmark's own
 * plain RESP admin connection.
 */
public final class BenchServer implements AutoCloseable {
  private final RedisServer server;

  private BenchServer(RedisServer server) {
    this.server = server;
  }

  /** Starts redis-server on a free port and waits until it answers PING; "redis-server" means the one on the PATH. */
  public static BenchServer start(String executable) {
    RedisServerBinary binary =
        executable.equals("redis-server") ? RedisServerBinary.locate() : RedisServerBinary.at(Path.of(executable));
    return new BenchServer(RedisServer.builder().binary(binary).start());
  }

  public int port() {
    return server.port();
  }

  public String uri() {
    return server.uri();
  }

  /** Opens a new plain RESP connection for FLUSHALL, preloading and INFO. */
  public ServerAdmin admin() {
    return ServerAdmin.connect(server.port());
  }

  @Override
  public void close() {
    server.close();
  }
}
