package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/**
 * Options of LPOS: RANK (which match to start from; negative searches from the tail) and MAXLEN (how
 * many elements to compare at most, 0 for all). Immutable; each method returns a new instance.
 */
public final class LPosArgs {
    private static final LPosArgs NONE = new LPosArgs(0, -1);

    private final long rank;
    private final long maxLength;

    private LPosArgs(long rank, long maxLength) {
        this.rank = rank;
        this.maxLength = maxLength;
    }

    public static LPosArgs none() {
        return NONE;
    }

    /** Skip to the rank-th match (1 is the first); negative ranks count matches from the tail. Not 0. */
    public LPosArgs rank(long rank) {
        if (rank == 0) {
            throw new RedisArgumentException("LPOS: RANK must not be 0 (1 is the first match, -1 the last)");
        }
        return new LPosArgs(rank, maxLength);
    }

    /** Compare at most this many elements; 0 means the whole list. */
    public LPosArgs maxLength(long maxLength) {
        if (maxLength < 0) {
            throw new RedisArgumentException("LPOS: MAXLEN must not be negative, got " + maxLength);
        }
        return new LPosArgs(rank, maxLength);
    }

    void appendTo(ArgumentList arguments) {
        if (rank != 0) {
            arguments.keyword("RANK").add(rank);
        }
        if (maxLength >= 0) {
            arguments.keyword("MAXLEN").add(maxLength);
        }
    }

    @Override
    public String toString() {
        return "LPosArgs[" + (rank == 0 ? "" : "RANK " + rank) + (maxLength < 0 ? "" : " MAXLEN " + maxLength) + "]";
    }
}
