package io.fastpath.internal.protocol;

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
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Serializes any {@link Reply} the way a server would send it, for tests and scripted fake servers.
 *
 * <p>In RESP2 mode the RESP3-only types degrade as the server degrades them: null becomes {@code $-1},
 * booleans {@code :1}/{@code :0}, doubles, big numbers and verbatim text become bulk strings, maps
 * flatten to arrays of key, value, key, value, sets and pushes become arrays, and a bulk error becomes
 * a simple error with CR and LF replaced by spaces.
 */
final class RespWriter {

    private static final byte[] CRLF = {'\r', '\n'};

    private RespWriter() {}

    /**
     * Appends {@code reply}.
     *
     * @throws IllegalArgumentException when a simple string or simple error contains CR or LF, or a
     *     verbatim format is not three bytes: neither can be written faithfully
     */
    public static void write(ByteBuf out, Reply reply, boolean resp3) {
        if (reply instanceof SimpleStringReply simple) {
            writeLine(out, RespType.SIMPLE_STRING, requireSingleLine(simple.value()));
        } else if (reply instanceof ErrorReply error) {
            writeError(out, error, resp3);
        } else if (reply instanceof IntegerReply integer) {
            writeLine(out, RespType.INTEGER, Long.toString(integer.value()));
        } else if (reply instanceof BulkStringReply bulk) {
            writeBulk(out, RespType.BULK_STRING, bulk.value());
        } else if (reply instanceof NullReply) {
            writeNull(out, resp3);
        } else if (reply instanceof BooleanReply flag) {
            writeBoolean(out, flag.value(), resp3);
        } else if (reply instanceof DoubleReply number) {
            writeDouble(out, number.value(), resp3);
        } else if (reply instanceof BigNumberReply number) {
            writeTextual(out, RespType.BIG_NUMBER, number.value().toString(), resp3);
        } else if (reply instanceof VerbatimStringReply verbatim) {
            writeVerbatim(out, verbatim, resp3);
        } else if (reply instanceof ArrayReply array) {
            writeElements(out, RespType.ARRAY, array.elements(), resp3);
        } else if (reply instanceof SetReply set) {
            writeElements(out, resp3 ? RespType.SET : RespType.ARRAY, set.elements(), resp3);
        } else if (reply instanceof PushReply push) {
            writeElements(out, resp3 ? RespType.PUSH : RespType.ARRAY, push.elements(), resp3);
        } else if (reply instanceof MapReply map) {
            writeMap(out, map.entries(), resp3);
        } else {
            throw new IllegalArgumentException("unknown reply type " + reply.getClass().getName());
        }
    }

    private static void writeError(ByteBuf out, ErrorReply error, boolean resp3) {
        if (!error.bulk()) {
            writeLine(out, RespType.SIMPLE_ERROR, requireSingleLine(error.message()));
        } else if (resp3) {
            writeBulk(out, RespType.BULK_ERROR, error.message().getBytes(StandardCharsets.UTF_8));
        } else {
            writeLine(out, RespType.SIMPLE_ERROR, error.message().replace('\r', ' ').replace('\n', ' '));
        }
    }

    private static void writeNull(ByteBuf out, boolean resp3) {
        if (resp3) {
            writeLine(out, RespType.NULL, "");
        } else {
            writeLine(out, RespType.BULK_STRING, "-1");
        }
    }

    private static void writeBoolean(ByteBuf out, boolean value, boolean resp3) {
        if (resp3) {
            writeLine(out, RespType.BOOLEAN, value ? "t" : "f");
        } else {
            writeLine(out, RespType.INTEGER, value ? "1" : "0");
        }
    }

    private static void writeDouble(ByteBuf out, double value, boolean resp3) {
        String text;
        if (Double.isNaN(value)) {
            text = "nan";
        } else if (Double.isInfinite(value)) {
            text = value > 0 ? "inf" : "-inf";
        } else {
            text = Double.toString(value);
        }
        writeTextual(out, RespType.DOUBLE, text, resp3);
    }

    /** A RESP3 line type that RESP2 sends as a bulk string of the same text. */
    private static void writeTextual(ByteBuf out, byte resp3Type, String text, boolean resp3) {
        if (resp3) {
            writeLine(out, resp3Type, text);
        } else {
            writeBulk(out, RespType.BULK_STRING, text.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void writeVerbatim(ByteBuf out, VerbatimStringReply verbatim, boolean resp3) {
        byte[] text = verbatim.text().getBytes(StandardCharsets.UTF_8);
        if (!resp3) {
            writeBulk(out, RespType.BULK_STRING, text);
            return;
        }
        byte[] format = verbatim.format().getBytes(StandardCharsets.US_ASCII);
        if (format.length != 3) {
            throw new IllegalArgumentException("verbatim format must be three bytes, was '" + verbatim.format() + "'");
        }
        writeCount(out, RespType.VERBATIM_STRING, format.length + 1 + text.length);
        out.writeBytes(format);
        out.writeByte(':');
        out.writeBytes(text);
        out.writeBytes(CRLF);
    }

    private static void writeElements(ByteBuf out, byte type, List<Reply> elements, boolean resp3) {
        writeCount(out, type, elements.size());
        for (Reply element : elements) {
            write(out, element, resp3);
        }
    }

    private static void writeMap(ByteBuf out, Map<Reply, Reply> entries, boolean resp3) {
        if (resp3) {
            writeCount(out, RespType.MAP, entries.size());
        } else {
            writeCount(out, RespType.ARRAY, entries.size() * 2);
        }
        for (Map.Entry<Reply, Reply> entry : entries.entrySet()) {
            write(out, entry.getKey(), resp3);
            write(out, entry.getValue(), resp3);
        }
    }

    private static void writeBulk(ByteBuf out, byte type, byte[] payload) {
        writeCount(out, type, payload.length);
        out.writeBytes(payload);
        out.writeBytes(CRLF);
    }

    private static void writeCount(ByteBuf out, byte type, int count) {
        out.writeByte(type);
        out.ensureWritable(RespEncoder.decimalDigits(count));
        RespEncoder.writeDecimal(out, count);
        out.writeBytes(CRLF);
    }

    private static void writeLine(ByteBuf out, byte type, String content) {
        out.writeByte(type);
        out.writeCharSequence(content, StandardCharsets.UTF_8);
        out.writeBytes(CRLF);
    }

    private static String requireSingleLine(String text) {
        if (text.indexOf('\r') >= 0 || text.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a simple string or error cannot contain CR or LF: " + text);
        }
        return text;
    }
}
