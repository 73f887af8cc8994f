package io.fastpath.spring;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.command.Reply;
import java.util.ArrayList;
import java.util.List;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;

/**
 * The words of a command without a typed Fastpath method, built up in order; caller thread only. A null word (a null
 * key, value, field, member, or a null array of them) is refused with {@link IllegalArgumentException} before
 * anything is sent: Spring's SPI declares every such parameter non-null and its drivers check them the same way.
 */
final class Words {
    private final List<Object> words = new ArrayList<>();

    Words(Object... first) {
        add(first);
    }

    Words add(Object... more) {
        Arguments.notNull(more, "Arguments");
        for (Object word : more) {
            words.add(Arguments.notNull(word, "An argument (key, value, field or member)"));
        }
        return this;
    }

    Words addAll(Iterable<?> more) {
        Arguments.notNull(more, "Arguments");
        for (Object word : more) {
            words.add(Arguments.notNull(word, "An argument (key, value, field or member)"));
        }
        return this;
    }

    Words addIf(boolean condition, Object... more) {
        return condition ? add(more) : this;
    }

    /** {@code LIMIT offset count} when {@code limit} limits anything. */
    Words limit(Limit limit) {
        if (limit != null && limit.isLimited()) {
            add("LIMIT", limit.getOffset(), limit.getCount());
        }
        return this;
    }

    Object[] toArray() {
        return words.toArray();
    }

    Command<Reply> build() {
        return CommandBuilder.BYTES.command(words.toArray());
    }

    /** A score bound as ZRANGEBYSCORE takes it: {@code (1.5}, {@code 2}, {@code -inf}/{@code +inf}. */
    static String scoreBound(Range.Bound<? extends Number> bound, boolean lower) {
        if (!bound.isBounded()) {
            return lower ? "-inf" : "+inf";
        }
        Number value = bound.getValue().get();
        String text = value instanceof Double || value instanceof Float ? formatDouble(value.doubleValue()) : value.toString();
        return bound.isInclusive() ? text : "(" + text;
    }

    /** A lexical bound as ZRANGEBYLEX takes it: {@code [a}, {@code (a}, {@code -}/{@code +}. */
    static byte[] lexBound(Range.Bound<byte[]> bound, boolean lower) {
        if (!bound.isBounded()) {
            return new byte[] {(byte) (lower ? '-' : '+')};
        }
        byte[] value = bound.getValue().get();
        byte[] prefixed = new byte[value.length + 1];
        prefixed[0] = (byte) (bound.isInclusive() ? '[' : '(');
        System.arraycopy(value, 0, prefixed, 1, value.length);
        return prefixed;
    }

    static String formatDouble(double value) {
        if (Double.isInfinite(value)) {
            return value > 0 ? "+inf" : "-inf";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
