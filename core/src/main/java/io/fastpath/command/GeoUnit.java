package io.fastpath.command;

/** A distance unit of the geo commands: metres, kilometres, miles or feet. */
public enum GeoUnit {
    M,
    KM,
    MI,
    FT;

    /** The unit as the server spells it. */
    String keyword() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
