package io.fastpath.internal.command;

/**
 * Mirrors of the server's own key-finding procedures ({@code sortGetKeys}, {@code migrateGetKeys} in
 * src/db.c) for the commands whose key specs the server itself cannot resolve: {@code SORT ... STORE dst}
 * (its STORE spec is "unknown") and {@code MIGRATE ... KEYS k1 k2} (its KEYS spec is INCOMPLETE and the
 * empty key placeholder at index 3 is not a key).
 */
final class ServerKeyProcedures {

    private ServerKeyProcedures() {}

    /** The keys by the server's procedure for {@code commandName}, or null when there is no such procedure here. */
    static int[] keys(String commandName, byte[][] args) {
        switch (commandName) {
            case "SORT":
                return sortKeys(args);
            case "MIGRATE":
                return migrateKeys(args);
            default:
                return null;
        }
    }

    private static int[] sortKeys(byte[][] args) {
        if (args.length < 2) {
            return new int[0];
        }
        int store = -1;
        for (int index = 2; index < args.length; index++) {
            byte[] argument = args[index];
            if (KeyPositions.equalsIgnoreCase(argument, "LIMIT")) {
                index += 2;
            } else if (KeyPositions.equalsIgnoreCase(argument, "STORE") && index + 1 < args.length) {
                // The last STORE wins, as in SORT itself; like the server, its argument is then scanned as an option too.
                store = index + 1;
            } else if (KeyPositions.equalsIgnoreCase(argument, "GET") || KeyPositions.equalsIgnoreCase(argument, "BY")) {
                index += 1;
            }
        }
        return store < 0 ? new int[] {1} : new int[] {1, store};
    }

    private static int[] migrateKeys(byte[][] args) {
        int first = 3;
        int count = 1;
        if (args.length > 6) {
            for (int index = 6; index < args.length; index++) {
                byte[] argument = args[index];
                if (KeyPositions.equalsIgnoreCase(argument, "KEYS")) {
                    if (args[3] == null || args[3].length > 0) {
                        return new int[0];
                    }
                    first = index + 1;
                    count = args.length - first;
                    break;
                }
                if (KeyPositions.equalsIgnoreCase(argument, "AUTH")) {
                    index += 1;
                } else if (KeyPositions.equalsIgnoreCase(argument, "AUTH2")) {
                    index += 2;
                }
            }
        }
        if (first + count > args.length) {
            return new int[0];
        }
        int[] positions = new int[count];
        for (int offset = 0; offset < count; offset++) {
            positions[offset] = first + offset;
        }
        return positions;
    }
}
