package io.fastpath.benchmarks;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A separate process that GETs the 5 MB key over a raw socket in a loop, so scenario (d) can load
 * the server with large replies without sharing a JVM or a client with what it measures.
 *
 * <p>Usage: {@code BigValueReader <port> <seconds>}. It prints {@code ready} after its first GET,
 * stops after the given seconds or when its standard input closes, and then prints
 * {@code gets=<count> seconds=<elapsed>}.
 */
public final class BigValueReader {

  private static final byte[] GET_LARGE_KEY =
      ("*2\r\n$3\r\nGET\r\n$" + Keyspace.LARGE_KEY.length() + "\r\n" + Keyspace.LARGE_KEY + "\r\n")
          .getBytes(StandardCharsets.US_ASCII);

  private static volatile boolean stopRequested;

  private BigValueReader() {}

  public static void main(String[] arguments) throws IOException {
    int port = Integer.parseInt(arguments[0]);
    long deadline = System.nanoTime() + (long) (Double.parseDouble(arguments[1]) * 1e9);
    Thread stdinWatch = new Thread(BigValueReader::awaitStandardInputClosed, "stdin-watch");
    stdinWatch.setDaemon(true);
    stdinWatch.start();
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
      socket.setTcpNoDelay(true);
      OutputStream output = socket.getOutputStream();
      InputStream input = new BufferedInputStream(socket.getInputStream(), 1 << 16);
      byte[] body = new byte[Keyspace.LARGE_VALUE_SIZE + 2];
      long start = System.nanoTime();
      long gets = 0;
      while (!stopRequested && System.nanoTime() < deadline) {
        output.write(GET_LARGE_KEY);
        output.flush();
        readBulk(input, body);
        if (gets++ == 0) {
          System.out.println("ready");
          System.out.flush();
        }
      }
      System.out.println("gets=" + gets + " seconds=" + (System.nanoTime() - start) / 1e9);
    }
  }

  private static void readBulk(InputStream input, byte[] body) throws IOException {
    StringBuilder header = new StringBuilder();
    int next;
    while ((next = input.read()) != '\n') {
      if (next < 0) {
        throw new IOException("connection closed by server");
      }
      header.append((char) next);
    }
    String line = header.toString().trim();
    if (!line.equals("$" + Keyspace.LARGE_VALUE_SIZE)) {
      throw new IOException("expected the " + Keyspace.LARGE_VALUE_SIZE + "-byte value, got " + line);
    }
    int read = input.readNBytes(body, 0, body.length);
    if (read != body.length) {
      throw new IOException("connection closed mid-reply");
    }
  }

  private static void awaitStandardInputClosed() {
    try {
      while (System.in.read() >= 0) {
        // Any input is ignored; only the end of input matters.
      }
    } catch (IOException ignored) {
      // A broken stdin means the parent is gone: stop as for a closed one.
    }
    stopRequested = true;
  }
}
