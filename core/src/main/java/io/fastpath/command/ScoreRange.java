package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/**
 * A range of sorted-set scores for ZCOUNT, ZRANGE BYSCORE, ZREMRANGEBYSCORE...: each bound inclusive or
 * exclusive (sent as {@code (score}), or unbounded ({@code -inf} / {@code +inf}). NaN is rejected.
 */
public final class ScoreRange {
    private static final ScoreRange ALL = new ScoreRange(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false);

    private final double min;
    private final boolean minExclusive;
    private final double max;
    private final boolean maxExclusive;

    private ScoreRange(double min, boolean minExclusive, double max, boolean maxExclusive) {
        if (Double.isNaN(min) || Double.isNaN(max)) {
            throw new RedisArgumentException("a score range bound must not be NaN");
        }
        this.min = min;
        this.minExclusive = minExclusive;
        this.max = max;
        this.maxExclusive = maxExclusive;
    }

    /** Every score: {@code -inf +inf}. */
    public static ScoreRange all() {
        return ALL;
    }

    /** {@code min <= score <= max}. */
    public static ScoreRange closed(double min, double max) {
        return new ScoreRange(min, false, max, false);
    }

    /** {@code min < score < max}. */
    public static ScoreRange open(double min, double max) {
        return new ScoreRange(min, true, max, true);
    }

    /** Each bound inclusive or exclusive as given; infinities stand for no bound. */
    public static ScoreRange of(double min, boolean minExclusive, double max, boolean maxExclusive) {
        return new ScoreRange(min, minExclusive, max, maxExclusive);
    }

    /** score >= min. */
    public static ScoreRange atLeast(double min) {
        return new ScoreRange(min, false, Double.POSITIVE_INFINITY, false);
    }

    /** score > min. */
    public static ScoreRange greaterThan(double min) {
        return new ScoreRange(min, true, Double.POSITIVE_INFINITY, false);
    }

    /** {@code score <= max}. */
    public static ScoreRange atMost(double max) {
        return new ScoreRange(Double.NEGATIVE_INFINITY, false, max, false);
    }

    /** {@code score < max}. */
    public static ScoreRange lessThan(double max) {
        return new ScoreRange(Double.NEGATIVE_INFINITY, false, max, true);
    }

    /** Appends the lower bound, then the upper one. */
    void appendTo(ArgumentList arguments) {
        appendMin(arguments);
        appendMax(arguments);
    }

    void appendMin(ArgumentList arguments) {
        arguments.add(bound(min, minExclusive));
    }

    void appendMax(ArgumentList arguments) {
        arguments.add(bound(max, maxExclusive));
    }

    private static String bound(double score, boolean exclusive) {
        String number = score == Double.POSITIVE_INFINITY ? "+inf"
                : score == Double.NEGATIVE_INFINITY ? "-inf"
                : score == Math.rint(score) && Math.abs(score) < 1e15 ? Long.toString((long) score)
                : Double.toString(score);
        return exclusive && !Double.isInfinite(score) ? "(" + number : number;
    }

    @Override
    public String toString() {
        return "ScoreRange[" + bound(min, minExclusive) + " " + bound(max, maxExclusive) + "]";
    }
}
