package io.fastpath.internal.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Maps between a server's flag spellings and bit masks, bit i standing for names[i]; shared by commands and key specs. */
final class FlagNames {
    private FlagNames() {}

    static int bitOf(String[] names, String serverName, String kind) {
        for (int bit = 0; bit < names.length; bit++) {
            if (names[bit].equalsIgnoreCase(serverName)) {
                return 1 << bit;
            }
        }
        throw new IllegalArgumentException("unknown " + kind + ": " + serverName);
    }

    static List<String> namesOf(String[] names, int flags) {
        List<String> set = new ArrayList<>();
        for (int bit = 0; bit < names.length; bit++) {
            if ((flags & (1 << bit)) != 0) {
                set.add(names[bit].toUpperCase(Locale.ROOT));
            }
        }
        return set;
    }
}
