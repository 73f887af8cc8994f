package io.fastpath.codegen;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A blocking RESP2 connection that sends one command at a time and reads its reply with {@link RespReader}. */
final class RespSocket implements AutoCloseable {

    private static final int TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final OutputStream output;
    private final RespReader reader;

    private RespSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.output = new BufferedOutputStream(socket.getOutputStream());
        this.reader = new RespReader(new BufferedInputStream(socket.getInputStream()));
    }

    static RespSocket connect(String host, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            return new RespSocket(socket);
        } catch (IOException connectFailure) {
            socket.close();
            throw connectFailure;
        }
    }

    /** Sends the command and returns its reply; an error reply becomes an {@link IOException}. */
    Object call(String... arguments) throws IOException {
        Object reply = send(arguments);
        if (reply instanceof RespError error) {
            throw new IOException(String.join(" ", arguments) + " failed: " + error.message());
        }
        return reply;
    }

    /** Sends the command and returns its reply as read, an error reply as a {@link RespError}. */
    Object send(String... arguments) throws IOException {
        output.write(('*' + Integer.toString(arguments.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (String argument : arguments) {
            byte[] bytes = argument.getBytes(StandardCharsets.UTF_8);
            output.write(('$' + Integer.toString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            output.write(bytes);
            output.write('\r');
            output.write('\n');
        }
        output.flush();
        return reader.read();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
