package io.fastpath.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One redis-server process on a free loopback port, owned by the benchmark run.
 *
 * <p>The benchmark starts its own server so it does not depend on anything already running, and so
 * every client is measured against the same process. A shutdown hook kills the server if the run is
 * interrupted.
 */
public final class BenchServer implements AutoCloseable {

  private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final Process process;
  private final int port;
  private final Path logFile;
  private final Thread shutdownHook;

  private BenchServer(Process process, int port, Path logFile) {
    this.process = process;
    this.port = port;
    this.logFile = logFile;
    this.shutdownHook = new Thread(process::destroyForcibly, "bench-server-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /** Starts redis-server on a free port and waits until it answers PING. */
  public static BenchServer start(String executable) {
    int port = freePort();
    try {
      Path logFile = Files.createTempFile("bench-redis-" + port + "-", ".log");
      Process process =
          new ProcessBuilder(
                  List.of(
                      executable,
                      "--port", Integer.toString(port),
                      "--bind", "127.0.0.1",
                      "--save", "",
                      "--appendonly", "no",
                      "--daemonize", "no"))
              .redirectErrorStream(true)
              .redirectOutput(logFile.toFile())
              .start();
      BenchServer server = new BenchServer(process, port, logFile);
      server.awaitReady();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start " + executable, e);
    }
  }

  public int port() {
    return port;
  }

  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /** Opens a new plain RESP connection for FLUSHALL, preloading and INFO. */
  public ServerAdmin admin() {
    return ServerAdmin.connect(port);
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException("redis-server exited at start; see " + logFile);
      }
      try (ServerAdmin admin = ServerAdmin.connect(port)) {
        if ("PONG".equals(admin.command("PING"))) {
          return;
        }
      } catch (UncheckedIOException notYetListening) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("redis-server did not answer in time; see " + logFile);
        }
      }
      sleepBriefly();
    }
  }

  private static void sleepBriefly() {
    try {
      Thread.sleep(50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for redis-server", e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // The hook is running or has run; nothing left to remove.
    }
  }
}
