package io.fastpath.internal.command;

import java.nio.charset.StandardCharsets;

/**
 * Finds the {@link CommandInfo} for a raw argument array, as the generic {@code send} needs before it can
 * route: the name is matched case-insensitively, and for a container ({@code CLIENT}, {@code OBJECT}, ...)
 * the subcommand in {@code args[1]} selects the entry whose key specs apply.
 */
public final class CommandResolver {

    private CommandResolver() {}

    /**
     * The subcommand's entry when {@code args[1]} names one, else the command's own entry (a container
     * without a known subcommand is keyless, and the server reports the error); null for an unknown command.
     */
    public static CommandInfo resolve(byte[][] args) {
        if (args.length == 0 || args[0] == null) {
            return null;
        }
        CommandInfo command = CommandTable.lookup(upperCase(args[0]));
        if (command == null || !command.hasSubcommands() || args.length < 2 || args[1] == null) {
            return command;
        }
        CommandInfo subcommand = command.subcommand(upperCase(args[1]));
        return subcommand == null ? command : subcommand;
    }

    /** ASCII upper case; command names are ASCII, and other bytes are left as they are. */
    private static String upperCase(byte[] name) {
        byte[] upper = new byte[name.length];
        for (int index = 0; index < name.length; index++) {
            byte character = name[index];
            upper[index] = character >= 'a' && character <= 'z' ? (byte) (character - ('a' - 'A')) : character;
        }
        return new String(upper, StandardCharsets.ISO_8859_1);
    }
}
