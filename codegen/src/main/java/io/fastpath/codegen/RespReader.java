package io.fastpath.codegen;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal RESP2 reader for the generator: simple strings and bulk strings become {@link String}
 * (UTF-8), integers {@link Long}, arrays {@link List}, errors {@link RespError}, null bulk strings and
 * null arrays {@code null}.
 *
 * <p>The generator only reads metadata from a throwaway server, so this stays separate from the core's
 * decoder and free of its dependencies.
 */
final class RespReader {

    private final InputStream input;

    RespReader(InputStream input) {
        this.input = input;
    }

    Object read() throws IOException {
        int type = input.read();
        if (type < 0) {
            throw new EOFException("connection closed before a reply");
        }
        String line = readLine();
        switch (type) {
            case '+':
                return line;
            case '-':
                return new RespError(line);
            case ':':
                return Long.parseLong(line);
            case '$':
                return readBulkString(Integer.parseInt(line));
            case '*':
                return readArray(Integer.parseInt(line));
            default:
                throw new IOException("unexpected RESP2 type byte '" + (char) type + "' before: " + line);
        }
    }

    private String readBulkString(int length) throws IOException {
        if (length < 0) {
            return null;
        }
        byte[] bytes = input.readNBytes(length);
        if (bytes.length != length) {
            throw new EOFException("connection closed inside a bulk string");
        }
        if (input.read() != '\r' || input.read() != '\n') {
            throw new IOException("bulk string not terminated by CRLF");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private List<Object> readArray(int length) throws IOException {
        if (length < 0) {
            return null;
        }
        List<Object> elements = new ArrayList<>(length);
        for (int index = 0; index < length; index++) {
            elements.add(read());
        }
        return elements;
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int character = input.read();
            if (character < 0) {
                throw new EOFException("connection closed inside a line");
            }
            if (character == '\r') {
                if (input.read() != '\n') {
                    throw new IOException("CR not followed by LF");
                }
                return line.toString();
            }
            line.append((char) character);
        }
    }
}
