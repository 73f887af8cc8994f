package io.fastpath.internal.command;

/**
 * Routing facts for commands sent through the generic API, from the server's own command table:
 * the first key (for slot routing) and whether the command is read-only.
 */
public final class CommandRouting {
    private CommandRouting() {}

    public static <T> CommandSpec<T> generic(String upperCaseName, byte[][] args, ReplyConverter<T> converter) {
        CommandInfo info = lookup(upperCaseName, args);
        if (info == null) {
            return new CommandSpec<>(upperCaseName, args, converter, null, false);
        }
        int firstKey = KeyPositions.firstKey(info, args);
        byte[] routingKey = firstKey < 0 ? null : args[firstKey];
        return new CommandSpec<>(upperCaseName, args, converter, routingKey, info.is(CommandInfo.READONLY));
    }

    private static CommandInfo lookup(String upperCaseName, byte[][] args) {
        CommandInfo info = CommandTable.lookup(upperCaseName);
        if (info != null && args.length > 1 && info.hasSubcommands()) {
            CommandInfo sub = CommandTable.lookup(upperCaseName,
                    new String(args[1], java.nio.charset.StandardCharsets.UTF_8).toUpperCase(java.util.Locale.ROOT));
            if (sub != null) {
                return sub;
            }
        }
        return info;
    }
}
