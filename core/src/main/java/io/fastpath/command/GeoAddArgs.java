package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;

/** Options of GEOADD: NX (only add) or XX (only update), and CH (count changed positions too). Immutable. */
public final class GeoAddArgs {
    private static final GeoAddArgs NONE = new GeoAddArgs(null, false);

    private final String existence;
    private final boolean changed;

    private GeoAddArgs(String existence, boolean changed) {
        this.existence = existence;
        this.changed = changed;
    }

    public static GeoAddArgs none() {
        return NONE;
    }

    /** Only add new members; never move existing ones. */
    public GeoAddArgs nx() {
        return withExistence("NX");
    }

    /** Only move existing members; never add new ones. */
    public GeoAddArgs xx() {
        return withExistence("XX");
    }

    /** Count members whose position changed, not only added ones. */
    public GeoAddArgs ch() {
        return new GeoAddArgs(existence, true);
    }

    private GeoAddArgs withExistence(String keyword) {
        if (existence != null && !existence.equals(keyword)) {
            throw new RedisArgumentException("GEOADD: " + keyword + " conflicts with " + existence);
        }
        return new GeoAddArgs(keyword, changed);
    }

    void appendTo(ArgumentList arguments) {
        if (existence != null) {
            arguments.keyword(existence);
        }
        if (changed) {
            arguments.keyword("CH");
        }
    }
}
