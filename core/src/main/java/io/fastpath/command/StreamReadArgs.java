package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;

/** Options of XREAD and XREADGROUP (never BLOCK): COUNT, and NOACK for XREADGROUP only. Immutable. */
public final class StreamReadArgs {
    private static final StreamReadArgs NONE = new StreamReadArgs(0, false);

    private final long count;
    private final boolean noAck;

    private StreamReadArgs(long count, boolean noAck) {
        this.count = count;
        this.noAck = noAck;
    }

    public static StreamReadArgs none() {
        return NONE;
    }

    /** COUNT: at most {@code entries} entries per stream. */
    public StreamReadArgs count(long entries) {
        return new StreamReadArgs(CommandArguments.requirePositive("XREAD", "COUNT", entries), noAck);
    }

    /** NOACK (XREADGROUP only): delivered entries are not added to the pending list, so need no XACK. */
    public StreamReadArgs noAck() {
        return new StreamReadArgs(count, true);
    }

    void appendTo(ArgumentList arguments, String command) {
        if (count > 0) {
            arguments.keyword("COUNT").add(count);
        }
        if (noAck) {
            if (!command.equals("XREADGROUP")) {
                throw new RedisArgumentException(command + ": NOACK is only for XREADGROUP");
            }
            arguments.keyword("NOACK");
        }
    }
}
