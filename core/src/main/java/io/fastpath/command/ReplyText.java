package io.fastpath.command;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/** {@link Reply}'s printed forms: a readable, bounded prefix of each value, so logging a reply never prints megabytes. */
final class ReplyText {
    /** Bytes of a bulk string (or characters of a text) shown before "...". */
    static final int MAX_SHOWN_BYTES = 64;
    /** Elements of an aggregate shown before "... N more". */
    static final int MAX_SHOWN_ELEMENTS = 16;

    private ReplyText() {}

    /**
     * {@code "foobar"}: printable ASCII as is, {@code \" \\ \r \n \t} escaped, every other byte as {@code \xNN}
     * (as redis-cli shows them); past {@link #MAX_SHOWN_BYTES} cut with {@code ...} and the total length.
     */
    static String quoted(byte[] value) {
        int shown = Math.min(value.length, MAX_SHOWN_BYTES);
        StringBuilder text = new StringBuilder(shown + 24).append('"');
        for (int i = 0; i < shown; i++) {
            int b = value[i] & 0xff;
            switch (b) {
                case '"' -> text.append("\\\"");
                case '\\' -> text.append("\\\\");
                case '\r' -> text.append("\\r");
                case '\n' -> text.append("\\n");
                case '\t' -> text.append("\\t");
                default -> {
                    if (b >= 0x20 && b < 0x7f) {
                        text.append((char) b);
                    } else {
                        text.append("\\x").append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xf, 16));
                    }
                }
            }
        }
        text.append('"');
        if (value.length > shown) {
            text.append("... (").append(value.length).append(" bytes)");
        }
        return text.toString();
    }

    /** A text value the same way, counted in characters. */
    static String quoted(String value) {
        boolean cut = value.length() > MAX_SHOWN_BYTES;
        String shown = cut ? value.substring(0, MAX_SHOWN_BYTES) : value;
        String escaped = shown.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "\\r").replace("\n", "\\n")
                .replace("\t", "\\t");
        return "\"" + escaped + "\"" + (cut ? "... (" + value.length() + " chars)" : "");
    }

    /** {@code Name[a, b, ... 98 more]}. */
    static String elements(String name, Collection<?> elements) {
        StringBuilder text = new StringBuilder(name).append('[');
        Iterator<?> iterator = elements.iterator();
        for (int i = 0; iterator.hasNext() && i < MAX_SHOWN_ELEMENTS; i++) {
            text.append(i == 0 ? "" : ", ").append(iterator.next());
        }
        appendRest(text, elements.size());
        return text.append(']').toString();
    }

    /** {@code MapReply[k=v, ... 3 more]}. */
    static String entries(Map<?, ?> entries) {
        StringBuilder text = new StringBuilder("MapReply[");
        Iterator<? extends Map.Entry<?, ?>> iterator = entries.entrySet().iterator();
        for (int i = 0; iterator.hasNext() && i < MAX_SHOWN_ELEMENTS; i++) {
            Map.Entry<?, ?> entry = iterator.next();
            text.append(i == 0 ? "" : ", ").append(entry.getKey()).append('=').append(entry.getValue());
        }
        appendRest(text, entries.size());
        return text.append(']').toString();
    }

    private static void appendRest(StringBuilder text, int size) {
        if (size > MAX_SHOWN_ELEMENTS) {
            text.append(", ... ").append(size - MAX_SHOWN_ELEMENTS).append(" more");
        }
    }
}
