package io.fastpath.internal.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Writes a command as the RESP array of bulk strings every server accepts, sizing the buffer once per
 * command and copying precomputed headers for the lengths nearly every command uses.
 */
public final class RespEncoder {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final int CACHED_BULK_HEADERS = 100;
    private static final int CACHED_ARRAY_HEADERS = 32;

    /** {@code $0\r\n} to {@code $99\r\n}, indexed by length. */
    private static final byte[][] BULK_HEADERS = headers(RespType.BULK_STRING, 0, CACHED_BULK_HEADERS - 1);

    /** {@code *1\r\n} to {@code *32\r\n}, indexed by argument count. */
    private static final byte[][] ARRAY_HEADERS = headers(RespType.ARRAY, 0, CACHED_ARRAY_HEADERS);

    private RespEncoder() {}

    /** The exact number of bytes {@link #writeCommand} writes for {@code args}. */
    public static int encodedLength(byte[][] args) {
        requireArguments(args);
        long length = headerLength(args.length);
        for (byte[] arg : args) {
            length += headerLength(arg.length) + arg.length + CRLF.length;
        }
        if (length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("command of " + length + " bytes does not fit one buffer");
        }
        return (int) length;
    }

    /** Appends {@code *N\r\n} then {@code $len\r\n<bytes>\r\n} for each argument. */
    public static void writeCommand(ByteBuf out, byte[][] args) {
        out.ensureWritable(encodedLength(args));
        if (args.length <= CACHED_ARRAY_HEADERS) {
            out.writeBytes(ARRAY_HEADERS[args.length]);
        } else {
            writeHeader(out, RespType.ARRAY, args.length);
        }
        for (byte[] arg : args) {
            if (arg.length < CACHED_BULK_HEADERS) {
                out.writeBytes(BULK_HEADERS[arg.length]);
            } else {
                writeHeader(out, RespType.BULK_STRING, arg.length);
            }
            out.writeBytes(arg);
            out.writeBytes(CRLF);
        }
    }

    /** Bytes of the longest header ({@code $2147483647\r\n}): an upper bound that needs no digit counting. */
    public static final int MAX_HEADER = 13;

    /**
     * At least the number of bytes {@link #writeCommand(byte[], int, byte[][])} writes for {@code args}, counted
     * without their lengths' digits; {@code Long.MAX_VALUE} never, a command this large fails its encoding.
     */
    public static long maxEncodedLength(byte[][] args) {
        long length = MAX_HEADER;
        for (byte[] arg : args) {
            length += MAX_HEADER + arg.length + CRLF.length;
        }
        return length;
    }

    /**
     * Writes {@code args} as {@link #writeCommand(ByteBuf, byte[][])} does into {@code out} from {@code position},
     * which must hold {@link #maxEncodedLength} bytes, and returns the position after the command. Plain array
     * stores: the drain encodes every command this way and copies the whole drain into the channel's buffer once
     * (scenario b: the per-piece {@code ByteBuf.writeBytes} path was a fifth of the event loop's CPU).
     */
    public static int writeCommand(byte[] out, int position, byte[][] args) {
        requireArguments(args);
        int at = writeArrayHeader(out, position, args.length);
        for (byte[] arg : args) {
            at = writeArgument(out, at, arg);
        }
        return at;
    }

    /**
     * {@code *count\r\n} at {@code position} (at most {@link #MAX_HEADER} bytes), the start of a command whose
     * arguments follow through {@link #writeArgument}; returns the position after it.
     */
    public static int writeArrayHeader(byte[] out, int position, int count) {
        return writeHeader(out, position, RespType.ARRAY, count);
    }

    /**
     * {@code $len\r\n<bytes>\r\n} at {@code position}, which must have {@link #MAX_HEADER} + {@code arg.length} + 2 bytes
     * after it; returns the position after it.
     */
    public static int writeArgument(byte[] out, int position, byte[] arg) {
        int at = writeHeader(out, position, RespType.BULK_STRING, arg.length);
        System.arraycopy(arg, 0, out, at, arg.length);
        at += arg.length;
        out[at] = '\r';
        out[at + 1] = '\n';
        return at + 2;
    }

    /** {@link #writeArgument(byte[], int, byte[])} into a buffer of its own, sized once: an argument too large to gather. */
    public static void writeArgument(ByteBuf out, byte[] arg) {
        out.ensureWritable(headerLength(arg.length) + arg.length + CRLF.length);
        writeHeader(out, RespType.BULK_STRING, arg.length);
        out.writeBytes(arg);
        out.writeBytes(CRLF);
    }

    /** The exact number of bytes {@link #writeArgument(ByteBuf, byte[])} writes for {@code arg}. */
    public static int encodedArgumentLength(byte[] arg) {
        return headerLength(arg.length) + arg.length + CRLF.length;
    }

    /** {@code <type><count>\r\n} at {@code position}; returns the position after it. */
    private static int writeHeader(byte[] out, int position, byte type, int count) {
        out[position] = type;
        int at = position + 1;
        if (count < 10) {
            out[at++] = (byte) ('0' + count);
        } else if (count < 100) {
            out[at++] = (byte) ('0' + count / 10);
            out[at++] = (byte) ('0' + count % 10);
        } else if (count < 1000) { // values of 100 to 999 bytes, common enough to skip the digit count and its loop
            out[at++] = (byte) ('0' + count / 100);
            out[at++] = (byte) ('0' + count / 10 % 10);
            out[at++] = (byte) ('0' + count % 10);
        } else {
            int digits = decimalDigits(count);
            int remaining = count;
            for (int index = at + digits - 1; index >= at; index--) {
                out[index] = (byte) ('0' + remaining % 10);
                remaining /= 10;
            }
            at += digits;
        }
        out[at] = '\r';
        out[at + 1] = '\n';
        return at + 2;
    }

    private static void requireArguments(byte[][] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("a command needs at least its name");
        }
    }

    /** Bytes of {@code <type><count>\r\n}. */
    private static int headerLength(int count) {
        return 1 + decimalDigits(count) + CRLF.length;
    }

    private static void writeHeader(ByteBuf out, byte type, int count) {
        out.writeByte(type);
        writeDecimal(out, count);
        out.writeBytes(CRLF);
    }

    /** Writes a non-negative {@code value} in ASCII without building a String. */
    static void writeDecimal(ByteBuf out, int value) {
        int start = out.writerIndex();
        int end = start + decimalDigits(value);
        int remaining = value;
        for (int index = end - 1; index >= start; index--) {
            out.setByte(index, '0' + remaining % 10);
            remaining /= 10;
        }
        out.writerIndex(end);
    }

    static int decimalDigits(int value) {
        int digits = 1;
        for (int bound = 10; digits < 10 && value >= bound; bound *= 10) {
            digits++;
        }
        return digits;
    }

    private static byte[][] headers(byte type, int first, int last) {
        byte[][] headers = new byte[last + 1][];
        for (int count = first; count <= last; count++) {
            headers[count] = (((char) type) + Integer.toString(count) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        }
        return headers;
    }
}
