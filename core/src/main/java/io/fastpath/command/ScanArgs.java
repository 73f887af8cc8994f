package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/**
 * Options of SCAN, HSCAN, SSCAN and ZSCAN: a MATCH glob pattern, a COUNT hint and (SCAN only) a TYPE.
 * Immutable; each method returns a new instance.
 */
public final class ScanArgs {
    private static final ScanArgs NONE = new ScanArgs(null, 0, null);

    private final String pattern;
    private final long count;
    private final String typeName;

    private ScanArgs(String pattern, long count, String typeName) {
        this.pattern = pattern;
        this.count = count;
        this.typeName = typeName;
    }

    /** No options: every element, with the server's default page size. */
    public static ScanArgs none() {
        return NONE;
    }

    /** Only elements matching this glob-style pattern (filtered by the server after fetching a page). */
    public ScanArgs match(String pattern) {
        if (pattern == null || pattern.isEmpty()) {
            throw new RedisArgumentException("SCAN: MATCH needs a non-empty pattern");
        }
        return new ScanArgs(pattern, count, typeName);
    }

    /** A hint of how much work the server does per page (must be positive); pages may be larger or smaller. */
    public ScanArgs count(long count) {
        if (count <= 0) {
            throw new RedisArgumentException("SCAN: COUNT must be positive, got " + count);
        }
        return new ScanArgs(pattern, count, typeName);
    }

    /** Only keys of this type (SCAN only). */
    public ScanArgs type(KeyType type) {
        if (type == null || type.wireName() == null || type == KeyType.NONE) {
            throw new RedisArgumentException("SCAN: TYPE needs a concrete type, got " + type);
        }
        return type(type.wireName());
    }

    /** Only keys of the type with this name, e.g. a module's type name (SCAN only). */
    public ScanArgs type(String typeName) {
        if (typeName == null || typeName.isEmpty()) {
            throw new RedisArgumentException("SCAN: TYPE needs a non-empty type name");
        }
        return new ScanArgs(pattern, count, typeName);
    }

    /** Appends the options; TYPE is rejected for the commands that scan inside one key. */
    void appendTo(ArgumentList arguments, String command) {
        if (pattern != null) {
            arguments.keyword("MATCH").add(pattern);
        }
        if (count > 0) {
            arguments.keyword("COUNT").add(count);
        }
        if (typeName != null) {
            if (!command.equals("SCAN")) {
                throw new RedisArgumentException(command + ": TYPE is only valid for SCAN");
            }
            arguments.keyword("TYPE").add(typeName);
        }
    }

    /** Validates a cursor returned by an earlier page (decimal digits only). */
    static String requireCursor(String command, String cursor) {
        if (cursor == null || cursor.isEmpty() || !cursor.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new RedisArgumentException(command + ": the cursor must be a decimal number such as \"0\", got " + cursor);
        }
        return cursor;
    }

    @Override
    public String toString() {
        return "ScanArgs[" + (pattern == null ? "" : "MATCH " + pattern) + (count == 0 ? "" : " COUNT " + count)
                + (typeName == null ? "" : " TYPE " + typeName) + "]";
    }
}
