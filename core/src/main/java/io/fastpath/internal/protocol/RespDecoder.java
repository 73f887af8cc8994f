package io.fastpath.internal.protocol;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import io.fastpath.command.Reply.ArrayReply;
import io.fastpath.command.Reply.BigNumberReply;
import io.fastpath.command.Reply.BooleanReply;
import io.fastpath.command.Reply.BulkStringReply;
import io.fastpath.command.Reply.DoubleReply;
import io.fastpath.command.Reply.ErrorReply;
import io.fastpath.command.Reply.IntegerReply;
import io.fastpath.command.Reply.MapReply;
import io.fastpath.command.Reply.NullReply;
import io.fastpath.command.Reply.PushReply;
import io.fastpath.command.Reply.SetReply;
import io.fastpath.command.Reply.SimpleStringReply;
import io.fastpath.command.Reply.VerbatimStringReply;
import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Turns the server's RESP2 or RESP3 byte stream into {@link Reply} values, one complete top-level reply
 * per call, however the bytes were split into reads.
 *
 * <p>Scalars are consumed only once complete, so a partial one is simply looked at again on the next
 * call. Aggregates are consumed element by element onto an explicit stack of {@link AggregateFrame}s:
 * a huge array arriving in small reads is parsed once in total, and deep nesting fails on
 * {@link RespLimits#maxNestingDepth()} rather than on the thread's stack. Attribute frames are read
 * and dropped wherever they appear.
 *
 * <p>Confined to the connection's event-loop thread; all fields are owned by that thread.
 */
public final class RespDecoder {

    private static final int SMALLEST_CACHED_INTEGER = -1;
    private static final int LARGEST_CACHED_INTEGER = 127;
    private static final IntegerReply[] INTEGER_CACHE = integerCache();

    /** {@code -9223372036854775808} is the longest valid length or integer line. */
    private static final int LONGEST_NUMBER_LINE = 20;

    /** Booleans and nulls are one byte or none; anything past this is malformed already. */
    private static final int LONGEST_FLAG_LINE = 1;

    private static final ArrayReply EMPTY_ARRAY = new ArrayReply(List.of());
    private static final MapReply EMPTY_MAP = new MapReply(Map.of());
    private static final SetReply EMPTY_SET = new SetReply(List.of());
    private static final PushReply EMPTY_PUSH = new PushReply(List.of());

    private final RespLimits limits;
    private AggregateFrame[] stack = new AggregateFrame[8];
    private int depth;
    /** Content bytes of the current, unterminated line already searched for LF, so a long line is scanned once. */
    private int lineBytesScanned;
    private long attributesSkipped;
    private boolean failed;
    /** Length of a bulk payload whose bytes are still arriving, or 0. */
    private int pendingBulkLength;
    /** Bulk strings at least this long are streamed into their array (see startStreamingBulk). */
    static final int STREAMING_THRESHOLD = 64 * 1024;
    /**
     * A streamed bulk's array starts at most this large and doubles as bytes arrive, so a few header bytes
     * announcing a huge length cannot make the client allocate it all up front (catalogue case 21).
     */
    static final int STREAMING_INITIAL_CAPACITY = 8 * 1024 * 1024;
    /** The array a large bulk string is being streamed into, or null; how much of it is filled; its announced length. */
    private byte[] streamingBulk;
    private int streamingFilled;
    private int streamingLength;

    public RespDecoder(RespLimits limits) {
        this.limits = limits;
    }

    /**
     * Returns the next complete top-level reply, or null when {@code in} holds no complete frame yet.
     * May consume bytes of a partial aggregate (keeping its state internally) but never keeps a
     * reference to {@code in}.
     *
     * @throws RedisProtocolException on malformed input or a broken limit; the message names the limit.
     *     After a throw the decoder is unusable.
     */
    public Reply decode(ByteBuf in) {
        if (failed) {
            throw new RedisProtocolException("decoder already failed on earlier input; the connection must be closed");
        }
        try {
            return decodeNext(in);
        } catch (RedisProtocolException e) {
            failed = true;
            throw e;
        }
    }

    /**
     * The length of a bulk string whose payload is still arriving (0 when none): lets the connection
     * tell that a large reply is occupying it.
     */
    public int pendingBulkLength() {
        return pendingBulkLength;
    }

    /** How many attribute frames ({@code |}) have been read and dropped so far. */
    public long attributesSkipped() {
        return attributesSkipped;
    }

    private Reply decodeNext(ByteBuf in) {
        while (streamingBulk != null || in.isReadable()) {
            Reply value;
            if (streamingBulk != null) {
                value = continueStreamingBulk(in);
                if (value == null) {
                    return null;
                }
            } else {
                int start = in.readerIndex();
                byte type = in.getByte(start);
                value = RespType.isAggregate(type) ? openAggregate(in, type) : readScalar(in, type);
                if (value == null) {
                    if (in.readerIndex() == start) {
                        return null;
                    }
                    // A header was consumed: elements, a streamed payload, or the frame after an empty attribute follow.
                    continue;
                }
            }
            while (depth > 0) {
                AggregateFrame top = stack[depth - 1];
                if (!top.add(value)) {
                    value = null;
                    break;
                }
                depth--;
                value = top.build();
                if (value == null) {
                    break;
                }
            }
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    /**
     * Consumes an aggregate header. Returns the aggregate when it is already complete (empty or RESP2
     * null). Otherwise returns null, having consumed nothing (the header is incomplete) or the header
     * (a frame was pushed, or an empty attribute was dropped).
     */
    private Reply openAggregate(ByteBuf in, byte type) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, LONGEST_NUMBER_LINE);
        if (lineEnd < 0) {
            return null;
        }
        long count = RespNumbers.parseLong(in, start + 1, lineEnd, type);
        in.readerIndex(lineEnd + 2);
        if (count == -1 && type == RespType.ARRAY) {
            return NullReply.INSTANCE;
        }
        if (count < 0) {
            throw new RedisProtocolException("negative length " + count + " for '" + (char) type + "'");
        }
        if (count > limits.maxAggregateLength()) {
            throw new RedisProtocolException("aggregate length " + count + " exceeds maxAggregateLength="
                    + limits.maxAggregateLength());
        }
        if (type == RespType.ATTRIBUTE) {
            attributesSkipped++;
        }
        if (count == 0) {
            return emptyAggregate(type);
        }
        if (depth >= limits.maxNestingDepth()) {
            throw new RedisProtocolException("nesting depth " + (depth + 1) + " exceeds maxNestingDepth="
                    + limits.maxNestingDepth());
        }
        boolean pairs = type == RespType.MAP || type == RespType.ATTRIBUTE;
        boolean insideAttribute = depth > 0 && stack[depth - 1].discarding();
        pushFrame().open(type, pairs ? count * 2 : count, insideAttribute);
        return null;
    }

    private static Reply emptyAggregate(byte type) {
        return switch (type) {
            case RespType.ARRAY -> EMPTY_ARRAY;
            case RespType.MAP -> EMPTY_MAP;
            case RespType.SET -> EMPTY_SET;
            case RespType.PUSH -> EMPTY_PUSH;
            default -> null;
        };
    }

    private AggregateFrame pushFrame() {
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, Math.min(stack.length * 2, limits.maxNestingDepth()));
        }
        AggregateFrame frame = stack[depth];
        if (frame == null) {
            frame = new AggregateFrame();
            stack[depth] = frame;
        }
        depth++;
        return frame;
    }

    /** Reads one complete scalar, or returns null having consumed nothing. */
    private Reply readScalar(ByteBuf in, byte type) {
        return switch (type) {
            case RespType.SIMPLE_STRING -> readSimpleString(in);
            case RespType.SIMPLE_ERROR -> readSimpleError(in);
            case RespType.INTEGER -> readInteger(in);
            case RespType.BULK_STRING, RespType.BULK_ERROR, RespType.VERBATIM_STRING -> readBulk(in, type);
            case RespType.NULL -> readNull(in);
            case RespType.BOOLEAN -> readBoolean(in);
            case RespType.DOUBLE -> readDouble(in);
            case RespType.BIG_NUMBER -> readBigNumber(in);
            default -> throw new RedisProtocolException(String.format("unknown RESP type byte 0x%02x", type & 0xff));
        };
    }

    private Reply readSimpleString(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, limits.maxBulkLength());
        if (lineEnd < 0) {
            return null;
        }
        int from = start + 1;
        int length = lineEnd - from;
        Reply reply = sharedSimpleString(in, from, length);
        if (reply == null) {
            reply = new SimpleStringReply(in.toString(from, length, StandardCharsets.UTF_8));
        }
        in.readerIndex(lineEnd + 2);
        return reply;
    }

    private static SimpleStringReply sharedSimpleString(ByteBuf in, int from, int length) {
        switch (length) {
            case 2:
                return in.getShort(from) == ('O' << 8 | 'K') ? SimpleStringReply.OK : null;
            case 4:
                return in.getInt(from) == ('P' << 24 | 'O' << 16 | 'N' << 8 | 'G') ? SimpleStringReply.PONG : null;
            case 6:
                return in.getInt(from) == ('Q' << 24 | 'U' << 16 | 'E' << 8 | 'U')
                        && in.getShort(from + 4) == ('E' << 8 | 'D')
                        ? SimpleStringReply.QUEUED
                        : null;
            default:
                return null;
        }
    }

    private Reply readSimpleError(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, limits.maxBulkLength());
        if (lineEnd < 0) {
            return null;
        }
        String message = in.toString(start + 1, lineEnd - start - 1, StandardCharsets.UTF_8);
        in.readerIndex(lineEnd + 2);
        return new ErrorReply(message, false);
    }

    private Reply readInteger(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, LONGEST_NUMBER_LINE);
        if (lineEnd < 0) {
            return null;
        }
        long value = RespNumbers.parseLong(in, start + 1, lineEnd, RespType.INTEGER);
        in.readerIndex(lineEnd + 2);
        return integerReply(value);
    }

    /** The reply for {@code value}, shared for the small counts and flags most commands return. */
    private static IntegerReply integerReply(long value) {
        if (value >= SMALLEST_CACHED_INTEGER && value <= LARGEST_CACHED_INTEGER) {
            return INTEGER_CACHE[(int) value - SMALLEST_CACHED_INTEGER];
        }
        return new IntegerReply(value);
    }

    private Reply readNull(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, LONGEST_FLAG_LINE);
        if (lineEnd < 0) {
            return null;
        }
        if (lineEnd != start + 1) {
            throw new RedisProtocolException("null frame '_' must have no content");
        }
        in.readerIndex(lineEnd + 2);
        return NullReply.INSTANCE;
    }

    private Reply readBoolean(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, LONGEST_FLAG_LINE);
        if (lineEnd < 0) {
            return null;
        }
        byte flag = lineEnd == start + 2 ? in.getByte(start + 1) : 0;
        if (flag != 't' && flag != 'f') {
            throw new RedisProtocolException("boolean frame '#' must be exactly 't' or 'f'");
        }
        in.readerIndex(lineEnd + 2);
        return flag == 't' ? BooleanReply.TRUE : BooleanReply.FALSE;
    }

    private Reply readDouble(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, limits.maxBulkLength());
        if (lineEnd < 0) {
            return null;
        }
        double value = RespNumbers.parseDouble(in, start + 1, lineEnd);
        in.readerIndex(lineEnd + 2);
        return new DoubleReply(value);
    }

    private Reply readBigNumber(ByteBuf in) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, limits.maxBulkLength());
        if (lineEnd < 0) {
            return null;
        }
        BigInteger value = RespNumbers.parseBigInteger(in, start + 1, lineEnd);
        in.readerIndex(lineEnd + 2);
        return new BigNumberReply(value);
    }

    /** Reads a length-prefixed frame ({@code $}, {@code !} or {@code =}) once all of it is readable. */
    private Reply readBulk(ByteBuf in, byte type) {
        int start = in.readerIndex();
        int lineEnd = findLineEnd(in, start, LONGEST_NUMBER_LINE);
        if (lineEnd < 0) {
            return null;
        }
        long length = RespNumbers.parseLong(in, start + 1, lineEnd, type);
        int bodyStart = lineEnd + 2;
        if (length == -1 && type == RespType.BULK_STRING) {
            in.readerIndex(bodyStart);
            return NullReply.INSTANCE;
        }
        if (length < 0) {
            throw new RedisProtocolException("negative length " + length + " for '" + (char) type + "'");
        }
        if (length > limits.maxBulkLength()) {
            throw new RedisProtocolException("bulk length " + length + " exceeds maxBulkLength=" + limits.maxBulkLength());
        }
        int size = (int) length;
        if (in.writerIndex() - bodyStart < size + 2) {
            pendingBulkLength = size;
            if (type == RespType.BULK_STRING && size >= STREAMING_THRESHOLD) {
                startStreamingBulk(in, bodyStart, size);
            }
            return null;
        }
        pendingBulkLength = 0;
        int bodyEnd = bodyStart + size;
        if (in.getByte(bodyEnd) != '\r' || in.getByte(bodyEnd + 1) != '\n') {
            throw new RedisProtocolException("'" + (char) type + "' payload of " + size + " bytes is not followed by CRLF");
        }
        Reply reply = switch (type) {
            case RespType.BULK_STRING -> new BulkStringReply(copy(in, bodyStart, size));
            case RespType.BULK_ERROR -> new ErrorReply(in.toString(bodyStart, size, StandardCharsets.UTF_8), true);
            default -> verbatimString(in, bodyStart, size);
        };
        in.readerIndex(bodyEnd + 2);
        return reply;
    }

    /**
     * Large payloads are copied into their array as they arrive instead of accumulating in the channel's
     * buffer first: one copy instead of two or three, and no long copy at the end that stalls the event
     * loop. Benchmark scenario (d), LargeValueScenario, measures the effect.
     */
    private void startStreamingBulk(ByteBuf in, int bodyStart, int size) {
        in.readerIndex(bodyStart);
        streamingBulk = new byte[Math.min(size, STREAMING_INITIAL_CAPACITY)];
        streamingFilled = 0;
        streamingLength = size;
    }

    /** Bytes held for the bulk string still arriving (0 when none): what its header alone made the client allocate. */
    int streamingCapacity() {
        return streamingBulk == null ? 0 : streamingBulk.length;
    }

    private Reply continueStreamingBulk(ByteBuf in) {
        int size = streamingLength;
        if (streamingFilled < size) {
            int chunk = Math.min(in.readableBytes(), size - streamingFilled);
            if (streamingFilled + chunk > streamingBulk.length) { // only past STREAMING_INITIAL_CAPACITY
                long doubled = Math.max(streamingFilled + (long) chunk, 2L * streamingBulk.length);
                streamingBulk = Arrays.copyOf(streamingBulk, (int) Math.min(size, doubled));
            }
            in.readBytes(streamingBulk, streamingFilled, chunk);
            streamingFilled += chunk;
            if (streamingFilled < size) {
                return null;
            }
        }
        if (in.readableBytes() < 2) {
            return null;
        }
        int crlf = in.readerIndex();
        if (in.getByte(crlf) != '\r' || in.getByte(crlf + 1) != '\n') {
            throw new RedisProtocolException("'$' payload of " + size + " bytes is not followed by CRLF");
        }
        in.readerIndex(crlf + 2);
        byte[] payload = streamingBulk;
        streamingBulk = null;
        pendingBulkLength = 0;
        return new BulkStringReply(payload);
    }

    private static byte[] copy(ByteBuf in, int from, int length) {
        byte[] bytes = new byte[length];
        in.getBytes(from, bytes);
        return bytes;
    }

    private static VerbatimStringReply verbatimString(ByteBuf in, int from, int length) {
        if (length < 4 || in.getByte(from + 3) != ':') {
            throw new RedisProtocolException("verbatim string '=' must start with a three-byte format and ':'");
        }
        String format = in.toString(from, 3, StandardCharsets.US_ASCII);
        String text = in.toString(from + 4, length - 4, StandardCharsets.UTF_8);
        return new VerbatimStringReply(format, text);
    }

    /**
     * Finds the CR of the CRLF ending the line that starts at {@code start} (the type byte), or returns
     * -1 when the line is not complete yet. Content longer than {@code longestContent} fails as soon as
     * it is seen, terminated or not, so the outcome never depends on how the bytes were split. Only CRLF
     * ends a simple string or error line: Valkey 8.0 echoes a caller's bare LF inside some error replies
     * ({@code FUNCTION LIST} with an argument holding a newline), and hiredis reads such a line whole too.
     * A bare LF in any other line (a number, a length) is a protocol error.
     */
    private int findLineEnd(ByteBuf in, int start, int longestContent) {
        int contentStart = start + 1;
        int end = in.writerIndex();
        byte type = in.getByte(start);
        boolean textLine = type == RespType.SIMPLE_STRING || type == RespType.SIMPLE_ERROR;
        int searchFrom = Math.min(contentStart + lineBytesScanned, end);
        while (true) {
            int lineFeed = in.forEachByte(searchFrom, end - searchFrom, ByteProcessor.FIND_LF);
            if (lineFeed < 0) {
                lineBytesScanned = end - contentStart;
                if (lineBytesScanned > longestContent + 1) {
                    throw lineTooLong(type, lineBytesScanned, longestContent);
                }
                return -1;
            }
            if (lineFeed == contentStart || in.getByte(lineFeed - 1) != '\r') {
                if (!textLine) {
                    throw new RedisProtocolException("line of '" + (char) type + "' ends in LF without CR");
                }
                searchFrom = lineFeed + 1; // a bare LF inside the text: the line goes on
                continue;
            }
            lineBytesScanned = 0;
            int contentLength = lineFeed - 1 - contentStart;
            if (contentLength > longestContent) {
                throw lineTooLong(type, contentLength, longestContent);
            }
            return lineFeed - 1;
        }
    }

    private static RedisProtocolException lineTooLong(byte type, int length, int longestContent) {
        boolean textLine = type == RespType.SIMPLE_STRING || type == RespType.SIMPLE_ERROR
                || type == RespType.DOUBLE || type == RespType.BIG_NUMBER;
        String limit = textLine
                ? "maxBulkLength=" + longestContent
                : "the longest valid '" + (char) type + "' line of " + longestContent + " bytes";
        return new RedisProtocolException("line of '" + (char) type + "' with at least " + length
                + " bytes exceeds " + limit);
    }

    private static IntegerReply[] integerCache() {
        IntegerReply[] cache = new IntegerReply[LARGEST_CACHED_INTEGER - SMALLEST_CACHED_INTEGER + 1];
        for (int index = 0; index < cache.length; index++) {
            cache[index] = new IntegerReply(index + SMALLEST_CACHED_INTEGER);
        }
        return cache;
    }
}
