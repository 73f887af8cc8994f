package io.fastpath.command;

import java.util.Locale;

/**
 * What TYPE reports for a key. A module's data type (e.g. {@code ReJSON-RL}) is {@link #UNKNOWN}; ask
 * {@link KeyCommandBuilder#typeName} for its raw name.
 */
public enum KeyType {
    STRING("string"),
    LIST("list"),
    SET("set"),
    ZSET("zset"),
    HASH("hash"),
    STREAM("stream"),
    /** The key does not exist. */
    NONE("none"),
    /** A type this client does not know, such as a module's. */
    UNKNOWN(null);

    private final String wireName;

    KeyType(String wireName) {
        this.wireName = wireName;
    }

    /** The name the server uses (as in TYPE and SCAN ... TYPE); null for {@link #UNKNOWN}. */
    public String wireName() {
        return wireName;
    }

    /** The type for a name TYPE returned; {@link #UNKNOWN} for any name not listed here. */
    public static KeyType fromWireName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (KeyType type : values()) {
            if (lower.equals(type.wireName)) {
                return type;
            }
        }
        return UNKNOWN;
    }
}
