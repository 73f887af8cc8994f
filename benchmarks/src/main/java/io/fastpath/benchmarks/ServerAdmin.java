package io.fastpath.benchmarks;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A minimal blocking RESP2 connection used only to prepare the server: FLUSHALL, preloading keys and
 * reading INFO.
 *
 * <p>It belongs to none of the measured clients, so preparing data never warms up or favours one of
 * them.
 */
public final class ServerAdmin implements AutoCloseable {

  private final Socket socket;
  private final OutputStream output;
  private final InputStream input;

  private ServerAdmin(Socket socket) throws IOException {
    this.socket = socket;
    this.output = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
    this.input = new BufferedInputStream(socket.getInputStream(), 1 << 16);
  }

  public static ServerAdmin connect(int port) {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      socket.setTcpNoDelay(true);
      return new ServerAdmin(socket);
    } catch (IOException e) {
      closeQuietly(socket);
      throw new UncheckedIOException(e);
    }
  }

  /** Sends one command and returns its reply as text (null for a nil reply). */
  public String command(String... arguments) {
    byte[][] encoded = new byte[arguments.length][];
    for (int i = 0; i < arguments.length; i++) {
      encoded[i] = arguments[i].getBytes(StandardCharsets.UTF_8);
    }
    try {
      writeCommand(encoded);
      output.flush();
      return readReply();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void flushAll() {
    command("FLUSHALL");
  }

  /** Sets every key to the same value, pipelined, and fails if any SET was refused. */
  public void setAll(List<String> keys, byte[] value) {
    try {
      for (String key : keys) {
        writeCommand(
            new byte[][] {"SET".getBytes(StandardCharsets.US_ASCII), key.getBytes(StandardCharsets.UTF_8), value});
      }
      output.flush();
      for (int i = 0; i < keys.size(); i++) {
        String reply = readReply();
        if (!"OK".equals(reply)) {
          throw new IllegalStateException("preload SET failed: " + reply);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Returns one field of INFO, for example {@code redis_version}. */
  public String infoField(String section, String field) {
    String info = command("INFO", section);
    for (String line : info.split("\r\n")) {
      if (line.startsWith(field + ":")) {
        return line.substring(field.length() + 1);
      }
    }
    return "unknown";
  }

  public long databaseSize() {
    return Long.parseLong(command("DBSIZE"));
  }

  private void writeCommand(byte[][] arguments) throws IOException {
    writeHeader('*', arguments.length);
    for (byte[] argument : arguments) {
      writeHeader('$', argument.length);
      output.write(argument);
      output.write('\r');
      output.write('\n');
    }
  }

  private void writeHeader(char type, int length) throws IOException {
    output.write(type);
    output.write(Integer.toString(length).getBytes(StandardCharsets.US_ASCII));
    output.write('\r');
    output.write('\n');
  }

  private String readReply() throws IOException {
    int type = input.read();
    String line = readLine();
    switch (type) {
      case '+':
      case ':':
        return line;
      case '-':
        throw new IllegalStateException("server error: " + line);
      case '$':
        int length = Integer.parseInt(line);
        if (length < 0) {
          return null;
        }
        byte[] body = input.readNBytes(length + 2);
        return new String(body, 0, length, StandardCharsets.UTF_8);
      default:
        throw new IllegalStateException("unexpected reply type " + (char) type + line);
    }
  }

  private String readLine() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int previous = -1;
    while (true) {
      int next = input.read();
      if (next < 0) {
        throw new IOException("connection closed by server");
      }
      if (previous == '\r' && next == '\n') {
        byte[] bytes = line.toByteArray();
        return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
      }
      line.write(next);
      previous = next;
    }
  }

  @Override
  public void close() {
    closeQuietly(socket);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Closing a socket we no longer need; there is nothing useful to do on failure.
    }
  }
}
