package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;

/**
 * What ZRANGE (and ZRANGESTORE) selects: by index, by score or by member (lex), optionally reversed and,
 * for score and lex queries, limited to a page. Immutable; each method returns a new instance.
 *
 * <p>Ranges are always given low to high: a reversed score or lex query still takes
 * {@code ScoreRange.closed(1, 5)}, and the bounds are swapped on the wire as ZRANGE ... REV requires.
 */
public final class ZRangeQuery<V> {
    private enum Kind { INDEX, SCORE, LEX }

    private final Kind kind;
    private final long start;
    private final long stop;
    private final ScoreRange scores;
    private final LexRange<V> members;
    private final boolean reverse;
    private final long offset;
    private final long count;

    private ZRangeQuery(Kind kind, long start, long stop, ScoreRange scores, LexRange<V> members, boolean reverse,
            long offset, long count) {
        this.kind = kind;
        this.start = start;
        this.stop = stop;
        this.scores = scores;
        this.members = members;
        this.reverse = reverse;
        this.offset = offset;
        this.count = count;
    }

    /** Members at the inclusive ranks start..stop; negative ranks count from the highest (-1). */
    public static <V> ZRangeQuery<V> byIndex(long start, long stop) {
        return new ZRangeQuery<>(Kind.INDEX, start, stop, null, null, false, 0, -1);
    }

    /** Members whose score is in the range (BYSCORE). */
    public static <V> ZRangeQuery<V> byScore(ScoreRange range) {
        if (range == null) {
            throw new RedisArgumentException("ZRANGE: the score range must not be null");
        }
        return new ZRangeQuery<>(Kind.SCORE, 0, 0, range, null, false, 0, -1);
    }

    /** Members in the lexicographic range (BYLEX); only meaningful when all scores are equal. */
    public static <V> ZRangeQuery<V> byLex(LexRange<V> range) {
        if (range == null) {
            throw new RedisArgumentException("ZRANGE: the lex range must not be null");
        }
        return new ZRangeQuery<>(Kind.LEX, 0, 0, null, range, false, 0, -1);
    }

    /** Highest scores (or last members) first (REV). */
    public ZRangeQuery<V> reversed() {
        return new ZRangeQuery<>(kind, start, stop, scores, members, true, offset, count);
    }

    /**
     * LIMIT: skip {@code offset} matches and return at most {@code count} (a negative count means all
     * after the offset). Only for score and lex queries, as the server requires.
     */
    public ZRangeQuery<V> limit(long offset, long count) {
        if (kind == Kind.INDEX) {
            throw new RedisArgumentException("ZRANGE: LIMIT is only valid with a score or lex range");
        }
        if (offset < 0) {
            throw new RedisArgumentException("ZRANGE: the LIMIT offset must not be negative, got " + offset);
        }
        return new ZRangeQuery<>(kind, start, stop, scores, members, reverse, offset, count);
    }

    boolean isLex() {
        return kind == Kind.LEX;
    }

    /** Appends the range, BYSCORE/BYLEX, REV and LIMIT (everything after the key). */
    void appendTo(ArgumentList arguments, RedisCodec<?, V> codec) {
        switch (kind) {
            case INDEX -> arguments.add(start).add(stop);
            case SCORE -> {
                if (reverse) {
                    scores.appendMax(arguments);
                    scores.appendMin(arguments);
                } else {
                    scores.appendTo(arguments);
                }
                arguments.keyword("BYSCORE");
            }
            case LEX -> {
                if (reverse) {
                    members.appendMax(arguments, codec);
                    members.appendMin(arguments, codec);
                } else {
                    members.appendMin(arguments, codec);
                    members.appendMax(arguments, codec);
                }
                arguments.keyword("BYLEX");
            }
        }
        if (reverse) {
            arguments.keyword("REV");
        }
        if (kind != Kind.INDEX && (offset != 0 || count >= 0)) {
            arguments.keyword("LIMIT").add(offset).add(count);
        }
    }

    @Override
    public String toString() {
        String range = switch (kind) {
            case INDEX -> start + " " + stop;
            case SCORE -> scores + " BYSCORE";
            case LEX -> members + " BYLEX";
        };
        return "ZRangeQuery[" + range + (reverse ? " REV" : "") + (count >= 0 || offset != 0 ? " LIMIT " + offset + " " + count : "") + "]";
    }
}
