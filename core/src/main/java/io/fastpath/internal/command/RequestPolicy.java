package io.fastpath.internal.command;

import java.util.Locale;

/**
 * Where a cluster client sends a command, from the server's {@code request_policy:*} tip.
 *
 * <p>{@link #DEFAULT} means the command carries no such tip: it goes to the node owning its keys' slot,
 * or to any node when it has no keys.
 */
public enum RequestPolicy {
    DEFAULT,
    ALL_NODES,
    ALL_SHARDS,
    MULTI_SHARD,
    SPECIAL;

    static final String TIP_PREFIX = "request_policy:";

    /** Parses the part after {@code request_policy:}; throws {@link IllegalArgumentException} when unknown. */
    public static RequestPolicy fromServerName(String serverName) {
        return valueOf(serverName.toUpperCase(Locale.ROOT));
    }
}
