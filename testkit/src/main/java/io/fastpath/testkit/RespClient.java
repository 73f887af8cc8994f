package io.fastpath.testkit;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A minimal blocking RESP client over one socket, for tests and administration only.
 *
 * <p>It exists so the kit (and tests of the real client) can talk to a server without depending
 * on the client under test. Replies decode to: simple string → {@link String}, integer → {@link
 * Long}, bulk string → UTF-8 {@link String} (or {@code byte[]} from {@link #callBinary}), array,
 * set or push → {@link java.util.List}, map → {@link java.util.Map}, null → {@code null}, boolean
 * → {@link Boolean}, double → {@link Double}, big number → {@link java.math.BigInteger}. A
 * top-level error reply is thrown as {@link RespServerError}. {@code HELLO 3} switches the
 * connection to RESP3 like any other command. Network failures and read timeouts surface as
 * {@link UncheckedIOException}. Not thread-safe: one caller thread at a time.
 */
public final class RespClient implements AutoCloseable {

    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(10);

    private final Socket socket;
    private final OutputStream output;
    private final RespReader reader;

    public RespClient(String host, int port) {
        this(host, port, DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT);
    }

    public RespClient(String host, int port, Duration connectTimeout, Duration readTimeout) {
        Socket connected = new Socket();
        try {
            connected.setTcpNoDelay(true);
            connected.setSoTimeout(toMillis(readTimeout));
            connected.connect(new InetSocketAddress(host, port), toMillis(connectTimeout));
            this.output = new BufferedOutputStream(connected.getOutputStream());
            this.reader = new RespReader(new BufferedInputStream(connected.getInputStream()));
        } catch (IOException exception) {
            closeQuietly(connected);
            throw new UncheckedIOException("Cannot connect to " + host + ":" + port, exception);
        }
        this.socket = connected;
    }

    /** Sends a command and returns its reply with bulk strings as UTF-8 text. */
    public Object call(String... arguments) {
        return throwIfError(callOrError(arguments));
    }

    /** Like {@link #call} but returns an error reply as a {@link RespServerError} value. */
    public Object callOrError(String... arguments) {
        send(encode(arguments));
        return receiveReply(false);
    }

    /** Sends a command and returns its reply with bulk strings as {@code byte[]}. */
    public Object callBinary(byte[]... arguments) {
        send(arguments);
        return throwIfError(receiveReply(true));
    }

    /** Sends a command given as text and returns its reply with bulk strings as {@code byte[]}. */
    public Object callBinary(String... arguments) {
        return callBinary(encode(arguments));
    }

    /** Reads the next reply without sending anything, e.g. a pushed message after SUBSCRIBE. */
    public Object receive() {
        return throwIfError(receiveReply(false));
    }

    /** Writes raw bytes to the socket as they are, e.g. an inline command or a partial frame. */
    public void sendRaw(byte[] bytes) {
        try {
            output.write(bytes);
            output.flush();
        } catch (IOException exception) {
            throw new UncheckedIOException("Cannot write to " + socket.getRemoteSocketAddress(), exception);
        }
    }

    public void setReadTimeout(Duration timeout) {
        try {
            socket.setSoTimeout(toMillis(timeout));
        } catch (SocketException exception) {
            throw new UncheckedIOException(exception);
        }
    }

    public int localPort() {
        return socket.getLocalPort();
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private void send(byte[][] arguments) {
        if (arguments.length == 0) {
            throw new IllegalArgumentException("A command needs at least its name");
        }
        try {
            output.write(("*" + arguments.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (byte[] argument : arguments) {
                output.write(("$" + argument.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                output.write(argument);
                output.write('\r');
                output.write('\n');
            }
            output.flush();
        } catch (IOException exception) {
            throw new UncheckedIOException("Cannot write to " + socket.getRemoteSocketAddress(), exception);
        }
    }

    private Object receiveReply(boolean binary) {
        try {
            return reader.read(binary);
        } catch (IOException exception) {
            throw new UncheckedIOException("Cannot read a reply from " + socket.getRemoteSocketAddress(), exception);
        }
    }

    private static Object throwIfError(Object reply) {
        if (reply instanceof RespServerError) {
            RespServerError error = (RespServerError) reply;
            // A fresh instance so the stack trace points at the caller, not at the decoder.
            throw new RespServerError(error.getMessage());
        }
        return reply;
    }

    private static byte[][] encode(String[] arguments) {
        byte[][] encoded = new byte[arguments.length][];
        for (int index = 0; index < arguments.length; index++) {
            encoded[index] = arguments[index].getBytes(StandardCharsets.UTF_8);
        }
        return encoded;
    }

    private static int toMillis(Duration duration) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, duration.toMillis()));
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is best effort; the socket is unusable either way.
        }
    }
}
