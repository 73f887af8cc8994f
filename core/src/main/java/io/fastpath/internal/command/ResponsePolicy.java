package io.fastpath.internal.command;

import java.util.Locale;

/**
 * How a cluster client combines the replies of a command sent to several nodes, from the server's
 * {@code response_policy:*} tip.
 *
 * <p>{@link #DEFAULT} means the command carries no such tip: replies of a keyless fan-out are
 * collected as they are, and a multi-key command split by slot keeps the order of its keys.
 */
public enum ResponsePolicy {
    DEFAULT,
    ONE_SUCCEEDED,
    ALL_SUCCEEDED,
    AGG_LOGICAL_AND,
    AGG_LOGICAL_OR,
    AGG_MIN,
    AGG_MAX,
    AGG_SUM,
    SPECIAL;

    static final String TIP_PREFIX = "response_policy:";

    /** Parses the part after {@code response_policy:}; throws {@link IllegalArgumentException} when unknown. */
    public static ResponsePolicy fromServerName(String serverName) {
        return valueOf(serverName.toUpperCase(Locale.ROOT));
    }
}
