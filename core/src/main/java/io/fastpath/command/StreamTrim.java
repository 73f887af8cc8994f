package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/**
 * How XADD or XTRIM trims a stream: to a maximum length (MAXLEN) or by evicting IDs below a minimum
 * (MINID), exactly or approximately ({@code ~}, cheaper: whole nodes only). Immutable.
 */
public final class StreamTrim {
    private final String strategy;
    private final String threshold;
    private final boolean approximate;
    private final long limit;

    private StreamTrim(String strategy, String threshold, boolean approximate, long limit) {
        this.strategy = strategy;
        this.threshold = threshold;
        this.approximate = approximate;
        this.limit = limit;
    }

    /** MAXLEN: keep at most {@code length} entries, evicting the oldest. */
    public static StreamTrim maxLength(long length) {
        CommandArguments.requireNotNegative("MAXLEN", "the length", length);
        return new StreamTrim("MAXLEN", Long.toString(length), false, 0);
    }

    /** MINID: evict entries whose ID is less than {@code id}. */
    public static StreamTrim minId(String id) {
        if (id == null || id.isEmpty()) {
            throw new RedisArgumentException("MINID: the ID must not be empty");
        }
        return new StreamTrim("MINID", id, false, 0);
    }

    /** {@code ~}: trim only whole nodes, so possibly fewer entries than asked; much cheaper. */
    public StreamTrim approximate() {
        return new StreamTrim(strategy, threshold, true, limit);
    }

    /** LIMIT (approximate trimming only): evict at most {@code entries} entries per call. */
    public StreamTrim limit(long entries) {
        CommandArguments.requirePositive(strategy, "the limit", entries);
        if (!approximate) {
            throw new RedisArgumentException(strategy + ": LIMIT needs approximate trimming");
        }
        return new StreamTrim(strategy, threshold, true, entries);
    }

    void appendTo(ArgumentList arguments) {
        arguments.keyword(strategy);
        if (approximate) {
            arguments.keyword("~");
        }
        arguments.add(threshold);
        if (limit > 0) {
            arguments.keyword("LIMIT").add(limit);
        }
    }
}
