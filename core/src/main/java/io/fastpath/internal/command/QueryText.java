package io.fastpath.internal.command;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A command as redis-cli would show it with its values hidden: the name, a subcommand the server's table
 * knows (CLIENT LIST, CONFIG SET), optionally the keys (from the table's key specs), and {@code ?} for every
 * other argument. So no value, password (AUTH, HELLO ... AUTH, MIGRATE ... AUTH, ACL SETUSER) or script body
 * can appear in it; only keys, and only when asked. For {@code ObservedCommand.queryText} (span attributes).
 */
public final class QueryText {
    private QueryText() {}

    public static String of(String name, byte[][] args, boolean withKeys) {
        StringBuilder text = new StringBuilder(name);
        CommandInfo info = CommandTable.lookup(name);
        int first = 1;
        if (info != null && info.hasSubcommands() && args.length > 1) {
            String subcommand = new String(args[1], StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
            CommandInfo sub = CommandTable.lookup(name, subcommand);
            if (sub != null) {
                text.append(' ').append(subcommand);
                info = sub;
                first = 2;
            }
        }
        int[] keys = withKeys && info != null ? KeyPositions.of(info, args) : new int[0];
        for (int i = first; i < args.length; i++) {
            text.append(' ');
            if (isKey(keys, i)) {
                text.append(new String(args[i], StandardCharsets.UTF_8));
            } else {
                text.append('?');
            }
        }
        return text.toString();
    }

    private static boolean isKey(int[] keys, int index) {
        for (int key : keys) {
            if (key == index) {
                return true;
            }
        }
        return false;
    }
}
