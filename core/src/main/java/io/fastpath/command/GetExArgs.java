package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/** The expiry change GETEX applies while reading: EX, PX, EXAT, PXAT or PERSIST. */
public final class GetExArgs {
    private final String keyword;
    private final long value;

    private GetExArgs(String keyword, long value) {
        if (!keyword.equals("PERSIST") && value <= 0) {
            throw new RedisArgumentException("GETEX: " + keyword + " must be positive, got " + value);
        }
        this.keyword = keyword;
        this.value = value;
    }

    /**
     * Expire after {@code ttl} (positive): EX in seconds when it is whole seconds, otherwise PX in milliseconds; a
     * part below a millisecond is refused. {@link #ex}/{@link #px} mirror the wire options, whose names carry the unit.
     */
    public static GetExArgs ttl(java.time.Duration ttl) {
        CommandArguments.requireNotNull("GETEX", "ttl", ttl);
        return ttl.getNano() == 0 ? new GetExArgs("EX", ttl.getSeconds()) : new GetExArgs("PX", CommandArguments.wholeMillis("GETEX", "ttl", ttl));
    }

    /** Expire at {@code time}: EXAT in Unix seconds when on a whole second, otherwise PXAT in Unix milliseconds. */
    public static GetExArgs expireAt(java.time.Instant time) {
        CommandArguments.requireNotNull("GETEX", "the expiry time", time);
        if (time.getNano() == 0) {
            return new GetExArgs("EXAT", time.getEpochSecond());
        }
        if (time.getNano() % 1_000_000 != 0) {
            throw new RedisArgumentException("GETEX: the server keeps milliseconds; " + time + " has a finer part");
        }
        return new GetExArgs("PXAT", time.toEpochMilli());
    }

    public static GetExArgs ex(long seconds) {
        return new GetExArgs("EX", seconds);
    }

    public static GetExArgs px(long milliseconds) {
        return new GetExArgs("PX", milliseconds);
    }

    public static GetExArgs exAt(long unixSeconds) {
        return new GetExArgs("EXAT", unixSeconds);
    }

    public static GetExArgs pxAt(long unixMilliseconds) {
        return new GetExArgs("PXAT", unixMilliseconds);
    }

    /** Remove the key's time to live. */
    public static GetExArgs persist() {
        return new GetExArgs("PERSIST", 0);
    }

    void appendTo(ArgumentList arguments) {
        arguments.keyword(keyword);
        if (!keyword.equals("PERSIST")) {
            arguments.add(value);
        }
    }

    @Override
    public String toString() {
        return "GetExArgs[" + keyword + (keyword.equals("PERSIST") ? "" : " " + value) + "]";
    }
}
