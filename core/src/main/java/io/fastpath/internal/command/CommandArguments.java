package io.fastpath.internal.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/** Validation and encoding shared by the command builders and the client (WATCH, withCodec); not exported. */
public final class CommandArguments {
    private CommandArguments() {}

    /** Varargs as a list; a null array becomes empty and null elements are left for the codec to reject. */
    @SafeVarargs
    public static <T> List<T> list(T... items) {
        return items == null ? List.of() : Arrays.asList(items);
    }

    /** Starts a command whose arguments end with a non-empty list of keys. */
    public static <K> ArgumentList withKeys(String command, RedisCodec<K, ?> codec, List<K> keys, int extraArguments) {
        requireNotEmpty(command, keys, "key");
        ArgumentList arguments = new ArgumentList(command, keys.size() + extraArguments + 1);
        for (K key : keys) {
            arguments.addKey(codec.encodeKey(key));
        }
        return arguments;
    }

    /** Appends every value, failing if there is none. */
    public static <V> ArgumentList addValues(ArgumentList arguments, String command, RedisCodec<?, V> codec, Collection<V> values) {
        requireNotEmpty(command, values, "value");
        for (V value : values) {
            arguments.add(codec.encodeValue(value));
        }
        return arguments;
    }

    public static void requireNotEmpty(String command, Collection<?> items, String what) {
        if (items == null) {
            throw new RedisArgumentException(command + ": " + plural(what) + " must not be null; pass at least one " + what);
        }
        if (items.isEmpty()) {
            throw new RedisArgumentException(command + ": needs at least one " + what);
        }
    }

    /** As {@link #requireNotEmpty(String, Collection, String)} for a map of entries. */
    public static void requireNotEmpty(String command, java.util.Map<?, ?> entries, String what) {
        if (entries == null) {
            throw new RedisArgumentException(command + ": " + plural(what) + " must not be null; pass at least one " + what);
        }
        if (entries.isEmpty()) {
            throw new RedisArgumentException(command + ": needs at least one " + what);
        }
    }

    private static String plural(String what) {
        return what.endsWith("ry") ? what.substring(0, what.length() - 1) + "ies" : what + "s"; // entry, key
    }

    /** {@code duration} in milliseconds, refusing a part below a millisecond (the server keeps no finer time). */
    public static long wholeMillis(String command, String what, java.time.Duration duration) {
        requireNotNull(command, what, duration);
        if (duration.getNano() % 1_000_000 != 0) {
            throw new RedisArgumentException(command + ": " + what + " must be whole milliseconds (the server keeps no finer "
                    + "time), got " + duration);
        }
        try {
            return duration.toMillis();
        } catch (ArithmeticException tooLong) {
            throw new RedisArgumentException(command + ": " + what + " is too long, got " + duration);
        }
    }

    public static long requirePositive(String command, String what, long number) {
        if (number <= 0) {
            throw new RedisArgumentException(command + ": " + what + " must be positive, got " + number);
        }
        return number;
    }

    public static long requireNotNegative(String command, String what, long number) {
        if (number < 0) {
            throw new RedisArgumentException(command + ": " + what + " must not be negative, got " + number);
        }
        return number;
    }

    /** For counts where 0 makes the server answer nothing at all: rejected as a likely mistake. */
    public static long requireNonZero(String command, String what, long number) {
        if (number == 0) {
            throw new RedisArgumentException(command + ": " + what + " must not be 0");
        }
        return number;
    }

    public static <T> T requireNotNull(String command, String what, T value) {
        if (value == null) {
            throw new RedisArgumentException(command + ": " + what + " must not be null");
        }
        return value;
    }
}
