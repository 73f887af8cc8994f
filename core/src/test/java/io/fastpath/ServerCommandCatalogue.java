package io.fastpath;

import io.fastpath.command.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The commands a running server reports through {@code COMMAND}, each with its arity and flags, and every
 * argument token its {@code COMMAND DOCS} names ({@code NX}, {@code WITHSCORES}, {@code BLOCK}...), read
 * through the client under test so the poison oracle draws from the very server it runs against.
 */
record ServerCommandCatalogue(List<Entry> commands, List<String> tokens) {

    /** One command or subcommand: its leading words ({@code CLIENT}, {@code REPLY}), its arity and flags. */
    record Entry(List<String> words, int arity, Set<String> flags) {
        String fullName() {
            return String.join(" ", words);
        }
    }

    static ServerCommandCatalogue read(RedisClient redis) {
        List<Entry> commands = new ArrayList<>();
        for (Reply command : elements(redis.send("COMMAND"))) {
            List<Reply> fields = elements(command);
            List<Reply> subcommands = fields.size() > 9 ? elements(fields.get(9)) : List.of();
            if (subcommands.isEmpty()) {
                commands.add(entry(fields));
            } else {
                for (Reply subcommand : subcommands) {
                    commands.add(entry(elements(subcommand)));
                }
            }
        }
        TreeSet<String> tokens = new TreeSet<>();
        collectTokens(redis.send("COMMAND", "DOCS"), false, tokens);
        return new ServerCommandCatalogue(List.copyOf(commands), List.copyOf(tokens));
    }

    private static Entry entry(List<Reply> fields) {
        String fullName = text(fields.get(0)).toUpperCase(Locale.ROOT);
        int arity = (int) ((Reply.IntegerReply) fields.get(1)).value();
        TreeSet<String> flags = new TreeSet<>();
        for (Reply flag : elements(fields.get(2))) {
            flags.add(text(flag).toLowerCase(Locale.ROOT));
        }
        return new Entry(List.of(fullName.split("\\|")), arity, flags);
    }

    /** Every value stored under a "token" key anywhere in the docs, e.g. NX, WITHSCORES, BLOCK. */
    private static void collectTokens(Reply reply, boolean isTokenValue, Set<String> tokens) {
        if (isTokenValue) {
            tokens.add(text(reply));
            return;
        }
        if (reply instanceof Reply.MapReply map) {
            for (Map.Entry<Reply, Reply> field : map.entries().entrySet()) {
                collectTokens(field.getValue(), "token".equals(text(field.getKey())), tokens);
            }
        } else if (reply instanceof Reply.ArrayReply array) {
            List<Reply> elements = array.elements();
            for (int i = 0; i < elements.size(); i++) {
                boolean tokenValue = i % 2 == 1 && "token".equals(text(elements.get(i - 1)));
                collectTokens(elements.get(i), tokenValue, tokens);
            }
        }
    }

    private static List<Reply> elements(Reply reply) {
        if (reply instanceof Reply.ArrayReply array) {
            return array.elements();
        }
        if (reply instanceof Reply.SetReply set) {
            return set.elements();
        }
        return List.of();
    }

    private static String text(Reply reply) {
        if (reply instanceof Reply.BulkStringReply bulk) {
            return new String(bulk.value(), StandardCharsets.UTF_8);
        }
        if (reply instanceof Reply.SimpleStringReply simple) {
            return simple.value();
        }
        return String.valueOf(reply);
    }
}
