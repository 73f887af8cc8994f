package io.fastpath;

import io.fastpath.internal.command.ArgumentList;

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
