package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/**
 * Options of SET: one expiry (EX, PX, EXAT, PXAT or KEEPTTL) and one condition (NX or XX).
 * Immutable; each method returns a new instance. Conflicting options fail when they are set.
 */
public final class SetArgs {
    private static final SetArgs NONE = new SetArgs(null, 0, null);

    private final String expiryKeyword;
    private final long expiryValue;
    private final String condition;

    private SetArgs(String expiryKeyword, long expiryValue, String condition) {
        this.expiryKeyword = expiryKeyword;
        this.expiryValue = expiryValue;
        this.condition = condition;
    }

    public static SetArgs none() {
        return NONE;
    }

    /** Expire after this many seconds (must be positive). */
    public static SetArgs ex(long seconds) {
        return NONE.withExpiry("EX", seconds);
    }

    /** Expire after this many milliseconds (must be positive). */
    public static SetArgs px(long milliseconds) {
        return NONE.withExpiry("PX", milliseconds);
    }

    /** Expire at this Unix time in seconds. */
    public static SetArgs exAt(long unixSeconds) {
        return NONE.withExpiry("EXAT", unixSeconds);
    }

    /** Expire at this Unix time in milliseconds. */
    public static SetArgs pxAt(long unixMilliseconds) {
        return NONE.withExpiry("PXAT", unixMilliseconds);
    }

    /**
     * Expire after {@code ttl} (positive): sent as EX in seconds when it is whole seconds, otherwise as PX in
     * milliseconds; a part below a millisecond is refused. {@link #ex}/{@link #px} remain for callers who think in
     * the wire options' units, which their names carry.
     */
    public static SetArgs ttl(java.time.Duration ttl) {
        return NONE.withTtl(ttl);
    }

    /** Expire at {@code time}: EXAT in Unix seconds when on a whole second, otherwise PXAT in Unix milliseconds. */
    public static SetArgs expireAt(java.time.Instant time) {
        CommandArguments.requireNotNull("SET", "the expiry time", time);
        if (time.getNano() == 0) {
            return NONE.withExpiry("EXAT", time.getEpochSecond());
        }
        if (time.getNano() % 1_000_000 != 0) {
            throw new RedisArgumentException("SET: the server keeps milliseconds; " + time + " has a finer part");
        }
        return NONE.withExpiry("PXAT", time.toEpochMilli());
    }

    /** Keep the key's current time to live. */
    public static SetArgs keepTtl() {
        return NONE.withExpiry("KEEPTTL", 0);
    }

    public static SetArgs onlyIfAbsent() {
        return NONE.nx();
    }

    public static SetArgs onlyIfPresent() {
        return NONE.xx();
    }

    /** Only set the key if it does not exist. */
    public SetArgs nx() {
        return withCondition("NX");
    }

    /** Only set the key if it already exists. */
    public SetArgs xx() {
        return withCondition("XX");
    }

    public SetArgs withEx(long seconds) {
        return withExpiry("EX", seconds);
    }

    public SetArgs withPx(long milliseconds) {
        return withExpiry("PX", milliseconds);
    }

    /** As {@link #ttl(java.time.Duration)}, added to these options. */
    public SetArgs withTtl(java.time.Duration ttl) {
        CommandArguments.requireNotNull("SET", "ttl", ttl);
        return ttl.getNano() == 0 ? withExpiry("EX", ttl.getSeconds()) : withExpiry("PX", CommandArguments.wholeMillis("SET", "ttl", ttl));
    }

    private SetArgs withExpiry(String keyword, long value) {
        if (expiryKeyword != null) {
            throw new RedisArgumentException("SET: " + keyword + " conflicts with " + expiryKeyword + " (only one expiry option)");
        }
        if (!keyword.equals("KEEPTTL") && value <= 0) {
            throw new RedisArgumentException("SET: " + keyword + " must be positive, got " + value);
        }
        return new SetArgs(keyword, value, condition);
    }

    private SetArgs withCondition(String keyword) {
        if (condition != null && !condition.equals(keyword)) {
            throw new RedisArgumentException("SET: " + keyword + " conflicts with " + condition);
        }
        return new SetArgs(expiryKeyword, expiryValue, keyword);
    }

    /** Appends the options to a SET command being built. */
    void appendTo(ArgumentList arguments) {
        if (expiryKeyword != null) {
            arguments.keyword(expiryKeyword);
            if (!expiryKeyword.equals("KEEPTTL")) {
                arguments.add(expiryValue);
            }
        }
        if (condition != null) {
            arguments.keyword(condition);
        }
    }

    @Override
    public String toString() {
        return "SetArgs[" + (expiryKeyword == null ? "" : expiryKeyword + " " + expiryValue)
                + (condition == null ? "" : " " + condition) + "]";
    }
}
