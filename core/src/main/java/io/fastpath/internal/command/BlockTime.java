package io.fastpath.internal.command;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Which invocations block the server's connection, and for how long: they go to a dedicated connection,
 * never a shared one, with a deadline of the block time plus the command timeout.
 */
public final class BlockTime {
    /** {@link #blockNanos}: the invocation does not block (XREAD without BLOCK, any other command). */
    public static final long NOT_BLOCKING = -1;
    /** {@link #blockNanos}: a block time of 0, which the server reads as "until something arrives". */
    public static final long FOREVER = Long.MAX_VALUE;

    private BlockTime() {}

    /**
     * How long the server may hold this invocation: {@link #NOT_BLOCKING}, {@link #FOREVER}, or nanoseconds.
     * An unreadable block time counts as 0 ns: the server refuses it at once, with its own error. Cheap for
     * the common case: a switch on the (upper-case, hash-cached) name.
     */
    public static long blockNanos(String upperCaseName, byte[][] args) {
        return switch (upperCaseName) {
            case "BLPOP", "BRPOP", "BZPOPMIN", "BZPOPMAX", "BRPOPLPUSH", "BLMOVE" -> seconds(args, args.length - 1);
            case "BLMPOP", "BZMPOP" -> seconds(args, 1);
            case "WAIT" -> millis(args, 2);
            case "WAITAOF" -> millis(args, 3);
            case "XREAD", "XREADGROUP" -> streamBlock(args);
            default -> NOT_BLOCKING;
        };
    }

    /** XREAD/XREADGROUP block only with BLOCK, which comes before STREAMS. */
    private static long streamBlock(byte[][] args) {
        for (int i = 1; i < args.length - 1; i++) {
            String word = upperCase(args[i]);
            if (word.equals("STREAMS")) {
                return NOT_BLOCKING;
            }
            if (word.equals("BLOCK")) {
                return millis(args, i + 1);
            }
        }
        return NOT_BLOCKING;
    }

    private static long seconds(byte[][] args, int index) {
        if (index < 1 || index >= args.length) {
            return 0;
        }
        try {
            BigDecimal seconds = new BigDecimal(new String(args[index], StandardCharsets.US_ASCII));
            if (seconds.signum() < 0) {
                return 0;
            }
            if (seconds.signum() == 0) {
                return FOREVER;
            }
            return seconds.movePointRight(9).min(BigDecimal.valueOf(Long.MAX_VALUE / 4)).longValue();
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }

    private static long millis(byte[][] args, int index) {
        if (index < 1 || index >= args.length) {
            return 0;
        }
        try {
            long millis = Long.parseLong(new String(args[index], StandardCharsets.US_ASCII));
            if (millis < 0) {
                return 0;
            }
            return millis == 0 ? FOREVER : TimeUnit.MILLISECONDS.toNanos(Math.min(millis, Long.MAX_VALUE / 4_000_000));
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }

    /**
     * How late a server may answer a blocking command whose block time ran out: an idle Redis or Valkey checks
     * blocked clients' timeouts on its cron tick, every 1000 / hz ms (hz 10 by default).
     */
    static final long SERVER_TIMER_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /**
     * The deadline of a blocking invocation: the block time, the server's timer slack and the command timeout, or
     * none for {@link #FOREVER}; so a timeout shorter than the slack never beats the server's own empty answer.
     */
    public static long deadline(long nowNanos, long blockNanos, long commandTimeoutNanos) {
        if (blockNanos == FOREVER) {
            return nowNanos + Long.MAX_VALUE / 4; // about 73 years: never, without overflowing deadline arithmetic
        }
        return nowNanos + blockNanos + SERVER_TIMER_SLACK_NANOS + commandTimeoutNanos;
    }

    private static String upperCase(byte[] word) {
        return new String(word, StandardCharsets.US_ASCII).toUpperCase(java.util.Locale.ROOT);
    }
}
