package io.fastpath.internal.command;

import io.fastpath.RedisArgumentException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * Which commands may run on a connection that other callers share. A shared connection pairs each reply
 * with the oldest unanswered command, so a command is refused, before anything is sent, when it changes
 * the state of the connection it runs on (database, protocol, name, tracking, eviction flags, read mode)
 * or the framing of its replies (no reply, several replies, pushes instead of a reply, a stream that never
 * ends). The refusal names the API that gives the caller what it asked for.
 *
 * <p>Derived from the server's command table where the table says it, so a new command of the same kind
 * is caught too: every command of the {@code transactions} group (the client sends MULTI/EXEC/WATCH
 * itself), every {@code pubsub} command the server keeps out of scripts (the (un)subscribe family), and
 * every command and subcommand of the {@code connection} group except a short list of ones that only read
 * or act server-wide; an unknown subcommand of a {@code connection} container (a newer server's {@code CLIENT
 * ...}) is refused too. A few commands of other groups change the connection by name only and are listed:
 * MONITOR, SYNC, PSYNC, REPLCONF, READONLY, READWRITE, ASKING and SCRIPT DEBUG.
 *
 * <p>Commands that act on the whole server (SWAPDB, FLUSHALL, CLIENT KILL, CLIENT PAUSE, CONFIG SET...)
 * change every client's view at once and are not refused; docs/commands.md lists them.
 */
public final class SharedConnectionRules {
    /** Connection-group commands that only read, or act server-wide, and leave their own connection as it was. */
    private static final Set<String> HARMLESS_CONNECTION_COMMANDS = Set.of("PING", "ECHO", "CLIENT|ID", "CLIENT|INFO",
            "CLIENT|LIST", "CLIENT|GETNAME", "CLIENT|GETREDIR", "CLIENT|TRACKINGINFO", "CLIENT|KILL", "CLIENT|PAUSE",
            "CLIENT|UNPAUSE", "CLIENT|UNBLOCK", "CLIENT|HELP");
    /** Commands outside the connection group that turn their connection into a stream or change its mode. */
    private static final Set<String> STREAMING_COMMANDS = Set.of("MONITOR", "SYNC", "PSYNC", "REPLCONF");
    private static final Set<String> CLUSTER_MODE_COMMANDS = Set.of("READONLY", "READWRITE", "ASKING");

    private SharedConnectionRules() {}

    /** Throws {@link RedisArgumentException} naming what to use instead when {@code args} must not run on a shared connection. */
    public static void requireAllowedOnSharedConnection(byte[][] args) {
        String refusal = refusal(args);
        if (refusal != null) {
            throw new RedisArgumentException(refusal);
        }
    }

    /** Why {@code args} must not run on a shared connection, naming the alternative; null when it may. */
    public static String refusal(byte[][] args) {
        if (args.length == 0 || args[0] == null) {
            return null;
        }
        String name = upperCase(args[0]);
        CommandInfo command = CommandTable.lookup(name);
        if (command == null) {
            return null; // a module's or a newer server's command: nothing is known of it
        }
        String subcommandName = args.length > 1 && args[1] != null ? upperCase(args[1]) : null;
        CommandInfo subcommand = command.hasSubcommands() && subcommandName != null ? command.subcommand(subcommandName) : null;
        String fullName = subcommand != null ? subcommand.name()
                : command.hasSubcommands() && subcommandName != null ? name + "|" + subcommandName : name;
        String shown = fullName.replace('|', ' ');
        String reason = reason(command, subcommand, subcommandName, fullName);
        return reason == null ? null : shown + " cannot be sent on a shared connection: " + reason;
    }

    private static String reason(CommandInfo command, CommandInfo subcommand, String subcommandName, String fullName) {
        if (command.hasSubcommands() && subcommandName == null) {
            return null; // a container alone: the server answers with an arity error, and nothing changes
        }
        CommandInfo effective = subcommand != null ? subcommand : command;
        if (command.group() == CommandGroup.TRANSACTIONS) {
            return "it would capture other callers' commands. Use redis.multi() or redis.watch(...)";
        }
        if (command.group() == CommandGroup.PUBSUB && effective.is(CommandInfo.NOSCRIPT)) {
            return "it turns the connection into a subscriber, whose confirmations would be taken for other callers' "
                    + "replies. Use redis.subscribe(...), psubscribe(...) or ssubscribe(...); Subscription.close() unsubscribes";
        }
        if (STREAMING_COMMANDS.contains(fullName)) {
            return "it turns the connection into a stream of the server's own (monitor or replication), with no "
                    + "replacement on a shared client; use a tool of its own (redis-cli)";
        }
        if (CLUSTER_MODE_COMMANDS.contains(fullName)) {
            return "the client sets the cluster read mode and ASKING itself. Use RedisClientBuilder.readPolicy(...) "
                    + "for replica reads; redirects are followed automatically";
        }
        if (fullName.equals("SCRIPT|DEBUG")) {
            return "the Lua debugger takes over the connection; debug scripts with redis-cli --ldb";
        }
        boolean connectionGroup = command.group() == CommandGroup.CONNECTION;
        boolean unknownConnectionSubcommand = connectionGroup && command.hasSubcommands() && subcommand == null
                && subcommandName != null;
        if (connectionGroup && (unknownConnectionSubcommand || !HARMLESS_CONNECTION_COMMANDS.contains(fullName))) {
            return connectionStateAlternative(fullName);
        }
        return null;
    }

    private static String connectionStateAlternative(String fullName) {
        return switch (fullName) {
            case "SELECT" -> "every caller would read the other database. Use RedisClientBuilder.database(n), a client per database";
            case "AUTH", "HELLO" -> "the client authenticates and picks the protocol in its own handshake. Use "
                    + "RedisClientBuilder.credentials(...) or credentialsProvider(...), asked on every connect";
            case "QUIT", "RESET" -> "it would end or reset the connection under every caller. Use redis.close()";
            case "CLIENT|SETNAME", "CLIENT|SETINFO" -> "the name is set in the handshake of every connection. Use "
                    + "RedisClientBuilder.clientName(...)";
            case "CLIENT|TRACKING", "CLIENT|CACHING" -> "tracking is a property of the client's connections. Use "
                    + "RedisClientBuilder.clientSideCache(...)";
            case "CLIENT|REPLY" -> "replies are how a shared connection pairs commands with their callers; "
                    + "there is no replacement";
            default -> "it changes the connection it runs on, which every caller shares; there is no per-caller replacement";
        };
    }

    /** ASCII upper case; command names are ASCII, and other bytes are left as they are. */
    private static String upperCase(byte[] word) {
        return new String(word, StandardCharsets.ISO_8859_1).toUpperCase(Locale.ROOT);
    }
}
