package io.fastpath.command;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One decoded RESP2 or RESP3 value, as returned by the generic {@code send}.
 *
 * <p>{@code toString()} shows the value readably for logs and debugging: strings quoted with non-printable bytes as
 * {@code \xNN}, cut after 64 bytes with the total length ({@code BulkStringReply["abc..."... (600 bytes)]}), and
 * aggregates after 16 elements with the count left.
 *
 * <p>RESP2 null bulk strings and null arrays decode to {@link NullReply}, as does the RESP3 null.
 * Attribute frames ({@code |}) are consumed by the decoder and never surface as a reply, so they can
 * never be matched to a command by mistake.
 */
public sealed interface Reply {

    /** {@code +OK}: a short status line. */
    record SimpleStringReply(String value) implements Reply {
        public static final SimpleStringReply OK = new SimpleStringReply("OK");
        public static final SimpleStringReply PONG = new SimpleStringReply("PONG");
        public static final SimpleStringReply QUEUED = new SimpleStringReply("QUEUED");

        @Override
        public String toString() {
            return "SimpleStringReply[" + ReplyText.quoted(value) + "]";
        }
    }

    /** {@code -ERR ...} or the RESP3 bulk error {@code !}; {@link #code()} is the first word, e.g. {@code WRONGTYPE}. */
    record ErrorReply(String message, boolean bulk) implements Reply {
        public String code() {
            int space = message.indexOf(' ');
            return space < 0 ? message : message.substring(0, space);
        }
    }

    /** {@code :42}. */
    record IntegerReply(long value) implements Reply {}

    /** {@code $3\r\nfoo}: binary-safe bytes. */
    record BulkStringReply(byte[] value) implements Reply {
        public String asUtf8() {
            return new String(value, StandardCharsets.UTF_8);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof BulkStringReply that && Arrays.equals(value, that.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "BulkStringReply[" + ReplyText.quoted(value) + "]";
        }
    }

    /** {@code _}, or RESP2's {@code $-1} and {@code *-1}. */
    record NullReply() implements Reply {
        public static final NullReply INSTANCE = new NullReply();
    }

    /** {@code #t} / {@code #f}. */
    record BooleanReply(boolean value) implements Reply {
        public static final BooleanReply TRUE = new BooleanReply(true);
        public static final BooleanReply FALSE = new BooleanReply(false);
    }

    /** {@code ,3.14}, including {@code inf}, {@code -inf} and {@code nan}. */
    record DoubleReply(double value) implements Reply {}

    /** {@code (3492890328409238509324850943850943825024385}. */
    record BigNumberReply(BigInteger value) implements Reply {}

    /** {@code =15\r\ntxt:Some string}: {@code format} is the three-letter prefix. */
    record VerbatimStringReply(String format, String text) implements Reply {
        @Override
        public String toString() {
            return "VerbatimStringReply[" + format + ":" + ReplyText.quoted(text) + "]";
        }
    }

    /** {@code *}: an ordered list. */
    record ArrayReply(List<Reply> elements) implements Reply {
        @Override
        public String toString() {
            return ReplyText.elements("ArrayReply", elements);
        }
    }

    /** {@code %}: key/value pairs in wire order. */
    record MapReply(Map<Reply, Reply> entries) implements Reply {
        @Override
        public String toString() {
            return ReplyText.entries(entries);
        }
    }

    /** {@code ~}: an unordered collection, kept in wire order. */
    record SetReply(List<Reply> elements) implements Reply {
        @Override
        public String toString() {
            return ReplyText.elements("SetReply", elements);
        }
    }

    /** {@code >}: out-of-band data (invalidations, pub/sub); never a command's reply. */
    record PushReply(List<Reply> elements) implements Reply {
        /** The push kind, e.g. {@code invalidate} or {@code message}. */
        public String kind() {
            if (elements.isEmpty()) {
                return "";
            }
            Reply first = elements.get(0);
            if (first instanceof BulkStringReply bulk) {
                return bulk.asUtf8();
            }
            if (first instanceof SimpleStringReply simple) {
                return simple.value();
            }
            return "";
        }

        @Override
        public String toString() {
            return ReplyText.elements("PushReply", elements);
        }
    }
}
