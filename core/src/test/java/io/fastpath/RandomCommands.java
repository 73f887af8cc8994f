package io.fastpath;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random invocations of the server's own commands: a command or subcommand drawn from its {@code COMMAND}
 * table, with as many arguments as its arity allows (a few more for variadic ones), each a key of the
 * poison namespace, a small number, a token of its {@code COMMAND DOCS} or a bare word. Small numbers keep
 * a random SETRANGE or SETBIT from allocating gigabytes; a blocking command never gets 0 (block forever).
 */
final class RandomCommands {
    private static final List<String> KEYS = List.of("poison:0", "poison:1", "poison:2", "{poison}:a", "{poison}:b");
    private static final List<String> NUMBERS = List.of("-1", "0", "1", "2", "3", "10", "0.5");
    private static final List<String> WORDS = List.of("x", "chan", "p*", "*", "$", ">", "-", "+", "0-0", "lib",
            "return 1", "#!lua name=lib\nredis.register_function('f', function() return 1 end)");
    /** Commands whose numeric arguments are block times: 0 would hold a dedicated connection until the client closes. */
    private static final Set<String> TIMED = Set.of("WAIT", "WAITAOF", "XREAD", "XREADGROUP");

    private final List<ServerCommandCatalogue.Entry> commands;
    private final List<String> tokens;
    private final Random random;

    RandomCommands(ServerCommandCatalogue catalogue, Set<String> excluded, long seed) {
        this.commands = catalogue.commands().stream()
                .filter(entry -> excluded.stream().noneMatch(name -> entry.fullName().equals(name)
                        || entry.fullName().startsWith(name + " ")))
                .toList();
        this.tokens = catalogue.tokens();
        this.random = new Random(seed);
    }

    int size() {
        return commands.size();
    }

    List<Object> next() {
        ServerCommandCatalogue.Entry command = commands.get(random.nextInt(commands.size()));
        List<Object> words = new ArrayList<>(command.words());
        int arity = command.arity();
        int count = arity > 0 ? arity : -arity + random.nextInt(4);
        boolean blocks = command.flags().contains("blocking") || TIMED.contains(command.words().get(0));
        while (words.size() < count) {
            String word = argument();
            words.add(blocks && word.equals("0") ? "1" : word);
        }
        return words;
    }

    private String argument() {
        return switch (random.nextInt(4)) {
            case 0 -> KEYS.get(random.nextInt(KEYS.size()));
            case 1 -> NUMBERS.get(random.nextInt(NUMBERS.size()));
            case 2 -> tokens.isEmpty() ? "x" : tokens.get(random.nextInt(tokens.size()));
            default -> WORDS.get(random.nextInt(WORDS.size()));
        };
    }
}
