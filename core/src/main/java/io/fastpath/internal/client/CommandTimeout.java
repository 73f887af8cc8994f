package io.fastpath.internal.client;

import io.fastpath.RedisArgumentException;
import java.time.Duration;

/**
 * The one rule for a command timeout, the client's ({@code RedisClientBuilder.commandTimeout}) and a view's
 * ({@code withTimeout}): positive and at most {@link #MAX} ({@code RedisClientBuilder.MAX_COMMAND_TIMEOUT}), checked where it is
 * given, so a wrong one fails before any command is sent. The bound keeps every deadline sum ({@code now +} block
 * time {@code +} timeout) far from overflowing a long of nanoseconds.
 *
 * <p>Thread ownership: stateless; any thread.
 */
public final class CommandTimeout {
    /** The longest command timeout: a day; published as {@code RedisClientBuilder.MAX_COMMAND_TIMEOUT}. */
    public static final Duration MAX = Duration.ofDays(1);

    private CommandTimeout() {}

    /** {@code timeout} in nanoseconds, or a {@link RedisArgumentException} naming {@code setting}. */
    public static long nanos(String setting, Duration timeout) {
        return checked(setting, timeout).toNanos();
    }

    /** {@code timeout} itself, or a {@link RedisArgumentException} naming {@code setting}. */
    public static Duration checked(String setting, Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new RedisArgumentException(setting + " must be positive, got " + timeout);
        }
        if (timeout.compareTo(MAX) > 0) {
            throw new RedisArgumentException(setting + " must be at most " + MAX
                    + " (RedisClientBuilder.MAX_COMMAND_TIMEOUT), got " + timeout + "; a blocking command's block time"
                    + " of 0 is the way to wait without a deadline");
        }
        return timeout;
    }
}
