package io.fastpath.command;

import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/**
 * The extended form of XPENDING: pending entries with IDs from {@code start} to {@code end} (inclusive;
 * {@code -} and {@code +} for the extremes), at most {@code count}, optionally only those idle at least
 * some time or owned by one consumer. Immutable.
 */
public final class PendingRange {
    private final String start;
    private final String end;
    private final long count;
    private final long minIdleMillis;
    private final String consumer;

    private PendingRange(String start, String end, long count, long minIdleMillis, String consumer) {
        this.start = start;
        this.end = end;
        this.count = count;
        this.minIdleMillis = minIdleMillis;
        this.consumer = consumer;
    }

    public static PendingRange of(String start, String end, long count) {
        CommandArguments.requireNotNull("XPENDING", "the start", start);
        CommandArguments.requireNotNull("XPENDING", "the end", end);
        return new PendingRange(start, end, CommandArguments.requirePositive("XPENDING", "the count", count), 0, null);
    }

    /** Every pending entry, at most {@code count}. */
    public static PendingRange all(long count) {
        return of("-", "+", count);
    }

    /** IDLE: only entries not delivered for at least {@code idle} (positive, whole milliseconds). */
    public PendingRange minIdle(java.time.Duration idle) {
        return new PendingRange(start, end, count, CommandArguments.requirePositive("XPENDING", "the idle time",
                CommandArguments.wholeMillis("XPENDING", "the idle time", idle)), consumer);
    }

    /** Only the entries pending for this consumer. */
    public PendingRange consumer(String name) {
        return new PendingRange(start, end, count, minIdleMillis, CommandArguments.requireNotNull("XPENDING", "the consumer", name));
    }

    void appendTo(ArgumentList arguments) {
        if (minIdleMillis > 0) {
            arguments.keyword("IDLE").add(minIdleMillis);
        }
        arguments.add(start).add(end).add(count);
        if (consumer != null) {
            arguments.add(consumer);
        }
    }
}
