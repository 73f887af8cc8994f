package io.fastpath.testkit;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes one RESP2 or RESP3 value at a time from a buffered stream.
 *
 * <p>Bulk strings decode to UTF-8 {@link String}s or, in binary mode, to {@code byte[]}; sets
 * and pushes decode to {@link List}s; attributes are read and dropped.
 */
final class RespReader {

    private final InputStream input;

    RespReader(InputStream input) {
        this.input = input;
    }

    Object read(boolean binary) throws IOException {
        int type = input.read();
        if (type < 0) {
            throw new EOFException("Connection closed by the server");
        }
        switch (type) {
            case '+':
                return readLine();
            case '-':
                return new RespServerError(readLine());
            case ':':
                return Long.parseLong(readLine());
            case '$':
                return readBulk(binary);
            case '*':
            case '~':
            case '>':
                return readList(binary);
            case '%':
                return readMap(binary);
            case '|':
                readMap(binary);
                return read(binary);
            case '_':
                readLine();
                return null;
            case '#':
                return "t".equals(readLine());
            case ',':
                return parseDouble(readLine());
            case '(':
                return new BigInteger(readLine());
            case '!': {
                byte[] message = readBlob();
                return new RespServerError(new String(message, StandardCharsets.UTF_8));
            }
            case '=': {
                byte[] verbatim = readBlob();
                // The first four bytes are the format, e.g. "txt:".
                byte[] text = Arrays.copyOfRange(verbatim, Math.min(4, verbatim.length), verbatim.length);
                return binary ? text : new String(text, StandardCharsets.UTF_8);
            }
            default:
                throw new IOException("Unknown RESP type byte 0x" + Integer.toHexString(type));
        }
    }

    private Object readBulk(boolean binary) throws IOException {
        int length = Integer.parseInt(readLine());
        if (length < 0) {
            return null;
        }
        byte[] data = readExactly(length);
        expectLineEnd();
        return binary ? data : new String(data, StandardCharsets.UTF_8);
    }

    private byte[] readBlob() throws IOException {
        int length = Integer.parseInt(readLine());
        byte[] data = readExactly(length);
        expectLineEnd();
        return data;
    }

    private List<Object> readList(boolean binary) throws IOException {
        int count = Integer.parseInt(readLine());
        if (count < 0) {
            return null;
        }
        List<Object> elements = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            elements.add(read(binary));
        }
        return elements;
    }

    private Map<Object, Object> readMap(boolean binary) throws IOException {
        int count = Integer.parseInt(readLine());
        Map<Object, Object> entries = new LinkedHashMap<>();
        for (int index = 0; index < count; index++) {
            Object key = read(binary);
            entries.put(key, read(binary));
        }
        return entries;
    }

    private static Double parseDouble(String text) {
        switch (text) {
            case "inf":
                return Double.POSITIVE_INFINITY;
            case "-inf":
                return Double.NEGATIVE_INFINITY;
            case "nan":
                return Double.NaN;
            default:
                return Double.parseDouble(text);
        }
    }

    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int next = input.read();
            if (next < 0) {
                throw new EOFException("Connection closed in the middle of a reply");
            }
            if (next == '\r') {
                int newline = input.read();
                if (newline != '\n') {
                    throw new IOException("Expected LF after CR, got " + newline);
                }
                // Lines only hold ASCII numbers or simple strings; decode the collected bytes as UTF-8.
                return new String(line.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            }
            line.append((char) next);
        }
    }

    private byte[] readExactly(int length) throws IOException {
        byte[] data = input.readNBytes(length);
        if (data.length != length) {
            throw new EOFException("Connection closed after " + data.length + " of " + length + " bytes");
        }
        return data;
    }

    private void expectLineEnd() throws IOException {
        if (input.read() != '\r' || input.read() != '\n') {
            throw new IOException("Bulk string not terminated by CRLF");
        }
    }
}
