package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/**
 * Options of ZADD: one condition on existence (NX or XX), one on the score (GT or LT, not with NX) and CH.
 * Immutable; each method returns a new instance. Conflicting options fail when they are set.
 */
public final class ZAddArgs {
    private static final ZAddArgs NONE = new ZAddArgs(null, null, false);

    private final String existence;
    private final String comparison;
    private final boolean changed;

    private ZAddArgs(String existence, String comparison, boolean changed) {
        this.existence = existence;
        this.comparison = comparison;
        this.changed = changed;
    }

    public static ZAddArgs none() {
        return NONE;
    }

    /** Only add new members; never update existing ones. */
    public ZAddArgs nx() {
        if (comparison != null) {
            throw new RedisArgumentException("ZADD: NX conflicts with " + comparison);
        }
        return withExistence("NX");
    }

    /** Only update existing members; never add new ones. */
    public ZAddArgs xx() {
        return withExistence("XX");
    }

    /** Only update a score when the new one is greater (new members are still added). */
    public ZAddArgs gt() {
        return withComparison("GT");
    }

    /** Only update a score when the new one is less (new members are still added). */
    public ZAddArgs lt() {
        return withComparison("LT");
    }

    /** Count changed members (added or with a new score) in the reply instead of only added ones. */
    public ZAddArgs ch() {
        return new ZAddArgs(existence, comparison, true);
    }

    private ZAddArgs withExistence(String keyword) {
        if (existence != null && !existence.equals(keyword)) {
            throw new RedisArgumentException("ZADD: " + keyword + " conflicts with " + existence);
        }
        return new ZAddArgs(keyword, comparison, changed);
    }

    private ZAddArgs withComparison(String keyword) {
        if ("NX".equals(existence)) {
            throw new RedisArgumentException("ZADD: " + keyword + " conflicts with NX");
        }
        if (comparison != null && !comparison.equals(keyword)) {
            throw new RedisArgumentException("ZADD: " + keyword + " conflicts with " + comparison);
        }
        return new ZAddArgs(existence, keyword, changed);
    }

    void appendTo(ArgumentList arguments) {
        if (existence != null) {
            arguments.keyword(existence);
        }
        if (comparison != null) {
            arguments.keyword(comparison);
        }
        if (changed) {
            arguments.keyword("CH");
        }
    }

    @Override
    public String toString() {
        return "ZAddArgs[" + (existence == null ? "" : existence) + (comparison == null ? "" : " " + comparison)
                + (changed ? " CH" : "") + "]";
    }
}
