package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;

/**
 * A range of members for ZRANGE BYLEX (meaningful when every member has the same score): each bound
 * inclusive ({@code [member}), exclusive ({@code (member}) or unbounded ({@code -} / {@code +}).
 */
public final class LexRange<V> {
    private static final LexRange<?> ALL = new LexRange<>(null, false, null, false);

    private final V min;
    private final boolean minExclusive;
    private final V max;
    private final boolean maxExclusive;

    private LexRange(V min, boolean minExclusive, V max, boolean maxExclusive) {
        this.min = min;
        this.minExclusive = minExclusive;
        this.max = max;
        this.maxExclusive = maxExclusive;
    }

    /** Every member: {@code - +}. */
    @SuppressWarnings("unchecked")
    public static <V> LexRange<V> all() {
        return (LexRange<V>) ALL;
    }

    /** {@code min <= member <= max}. */
    public static <V> LexRange<V> closed(V min, V max) {
        return new LexRange<>(required(min), false, required(max), false);
    }

    /** {@code min < member < max}. */
    public static <V> LexRange<V> open(V min, V max) {
        return new LexRange<>(required(min), true, required(max), true);
    }

    /** Each bound inclusive or exclusive as given; a null bound means unbounded on that side. */
    public static <V> LexRange<V> of(V min, boolean minExclusive, V max, boolean maxExclusive) {
        return new LexRange<>(min, minExclusive, max, maxExclusive);
    }

    void appendMin(ArgumentList arguments, RedisCodec<?, V> codec) {
        arguments.add(bound(min, minExclusive, "-", codec));
    }

    void appendMax(ArgumentList arguments, RedisCodec<?, V> codec) {
        arguments.add(bound(max, maxExclusive, "+", codec));
    }

    private byte[] bound(V member, boolean exclusive, String unbounded, RedisCodec<?, V> codec) {
        if (member == null) {
            return new byte[] {(byte) unbounded.charAt(0)};
        }
        byte[] encoded = codec.encodeValue(member);
        byte[] prefixed = new byte[encoded.length + 1];
        prefixed[0] = (byte) (exclusive ? '(' : '[');
        System.arraycopy(encoded, 0, prefixed, 1, encoded.length);
        return prefixed;
    }

    private static <V> V required(V bound) {
        if (bound == null) {
            throw new RedisArgumentException("a lex range bound must not be null here; use LexRange.of for an open end");
        }
        return bound;
    }

    @Override
    public String toString() {
        return "LexRange[" + (min == null ? "-" : (minExclusive ? "(" : "[") + min) + " "
                + (max == null ? "+" : (maxExclusive ? "(" : "[") + max) + "]";
    }
}
