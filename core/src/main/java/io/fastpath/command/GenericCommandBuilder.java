package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandRouting;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.command.SharedConnectionRules;
import io.fastpath.internal.views.Views;
import java.nio.charset.StandardCharsets;

/** Builds any command from its words, for commands without a typed method (admin, modules, new ones). */
public interface GenericCommandBuilder {

    /**
     * A command from words: each a {@code String} (sent as UTF-8), {@code byte[]} (as is) or a
     * {@code Number} (as its decimal text). The first word is the command name. Keys and flags come from
     * the server's command table, so the command is routed like its typed equivalent. A command that would
     * change the shared connection it runs on (SELECT, AUTH, HELLO, the (un)subscribe family, CLIENT REPLY,
     * MONITOR, MULTI...) fails here with a {@link RedisArgumentException} naming the API to use instead.
     */
    @Views.InView(group = "Server", name = "send")
    default Command<Reply> command(Object... words) {
        if (words == null || words.length == 0) {
            throw new RedisArgumentException("a command needs at least its name");
        }
        if (!(words[0] instanceof String name) || name.isBlank()) {
            throw new RedisArgumentException("the first word must be the command name as a String");
        }
        String upperCaseName = name.toUpperCase(java.util.Locale.ROOT);
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = toBytes(words[i], i);
        }
        SharedConnectionRules.requireAllowedOnSharedConnection(args); // SELECT, SUBSCRIBE, CLIENT REPLY... never leave the caller
        return CommandRouting.generic(upperCaseName, args, Converters.REPLY);
    }

    private static byte[] toBytes(Object word, int index) {
        if (word instanceof byte[] bytes) {
            return bytes;
        }
        if (word instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        if (word instanceof Long || word instanceof Integer || word instanceof Short || word instanceof Byte) {
            return Long.toString(((Number) word).longValue()).getBytes(StandardCharsets.US_ASCII);
        }
        if (word instanceof Number number) {
            return new ArgumentList("X", 2).add(number.doubleValue()).build(Converters.REPLY, false).args()[1];
        }
        throw new RedisArgumentException("argument " + index + " must be a String, byte[] or Number, got "
                + (word == null ? "null" : word.getClass().getName()));
    }
}
