package io.fastpath.internal.command;

import java.util.Locale;

/**
 * The documentation group of a command, as {@code COMMAND DOCS} reports it.
 *
 * <p>Kept as an enum so a group a newer server introduces fails the generator loudly instead of
 * slipping into the table unnoticed.
 */
public enum CommandGroup {
    BITMAP,
    CLUSTER,
    CONNECTION,
    GENERIC,
    GEO,
    HASH,
    HYPERLOGLOG,
    LIST,
    MODULE,
    PUBSUB,
    SCRIPTING,
    SENTINEL,
    SERVER,
    SET,
    SORTED_SET,
    STREAM,
    STRING,
    TRANSACTIONS;

    /** The server's spelling, e.g. {@code sorted-set}. */
    public String serverName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses the server's spelling; throws {@link IllegalArgumentException} for a group this enum lacks. */
    public static CommandGroup fromServerName(String serverName) {
        return valueOf(serverName.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
