package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The sub-commands of one BITFIELD call, in order: GET, SET, INCRBY and OVERFLOW. Types are
 * {@code i1}..{@code i64} (signed) or {@code u1}..{@code u63} (unsigned); offsets are bit offsets, or
 * with {@code typeMultiples} multiples of the type's width (BITFIELD's {@code #n}). Immutable.
 */
public final class BitFieldArgs {
    private static final Pattern TYPE = Pattern.compile("[iu](\\d{1,2})");

    /** What INCRBY and SET do when a value overflows; applies to the sub-commands after it. */
    public enum Overflow {
        WRAP,
        SAT,
        /** Skip the operation and answer null for it. */
        FAIL
    }

    private final List<String> words;
    private final int operations;

    private BitFieldArgs(List<String> words, int operations) {
        this.words = words;
        this.operations = operations;
    }

    public static BitFieldArgs none() {
        return new BitFieldArgs(List.of(), 0);
    }

    /** GET: the value of the given type at a bit offset. */
    public BitFieldArgs get(String type, long offset) {
        return with(1, "GET", type(type), offset(offset));
    }

    /** SET: stores a value and answers the previous one. */
    public BitFieldArgs set(String type, long offset, long value) {
        return with(1, "SET", type(type), offset(offset), Long.toString(value));
    }

    /** INCRBY: adds to the value and answers the new one (null when OVERFLOW FAIL prevented it). */
    public BitFieldArgs incrBy(String type, long offset, long increment) {
        return with(1, "INCRBY", type(type), offset(offset), Long.toString(increment));
    }

    /** OVERFLOW: the overflow behaviour of the SET and INCRBY sub-commands that follow. */
    public BitFieldArgs overflow(Overflow behaviour) {
        return with(0, "OVERFLOW", CommandArguments.requireNotNull("BITFIELD", "the overflow", behaviour).name());
    }

    /** GET with an offset in multiples of the type's width ({@code #index}). */
    public BitFieldArgs getAtIndex(String type, long index) {
        return with(1, "GET", type(type), "#" + CommandArguments.requireNotNegative("BITFIELD", "the index", index));
    }

    /** SET with an offset in multiples of the type's width ({@code #index}). */
    public BitFieldArgs setAtIndex(String type, long index, long value) {
        return with(1, "SET", type(type), "#" + CommandArguments.requireNotNegative("BITFIELD", "the index", index),
                Long.toString(value));
    }

    void appendTo(ArgumentList arguments) {
        if (operations == 0) {
            throw new RedisArgumentException("BITFIELD: needs at least one GET, SET or INCRBY");
        }
        for (String word : words) {
            arguments.add(word);
        }
    }

    private BitFieldArgs with(int addedOperations, String... added) {
        List<String> all = new ArrayList<>(words);
        all.addAll(List.of(added));
        return new BitFieldArgs(List.copyOf(all), operations + addedOperations);
    }

    private static String type(String type) {
        var match = type == null ? null : TYPE.matcher(type);
        if (match == null || !match.matches()) {
            throw new RedisArgumentException("BITFIELD: the type must be i1..i64 or u1..u63, got " + type);
        }
        int bits = Integer.parseInt(match.group(1));
        int max = type.charAt(0) == 'i' ? 64 : 63;
        if (bits < 1 || bits > max) {
            throw new RedisArgumentException("BITFIELD: the type must be i1..i64 or u1..u63, got " + type);
        }
        return type;
    }

    private static String offset(long offset) {
        return Long.toString(CommandArguments.requireNotNegative("BITFIELD", "the offset", offset));
    }
}
