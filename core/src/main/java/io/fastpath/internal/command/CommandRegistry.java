package io.fastpath.internal.command;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The lookup structure behind the generated {@link CommandTable}: every command and subcommand by full
 * upper-case name, with subcommands attached to their containers once all entries are known.
 */
final class CommandRegistry {

    private final Map<String, CommandInfo> byName;
    private final Collection<CommandInfo> all;

    private CommandRegistry(Map<String, CommandInfo> byName) {
        this.byName = byName;
        this.all = Collections.unmodifiableCollection(new TreeMap<>(byName).values());
    }

    CommandInfo lookup(String upperCaseName) {
        return byName.get(upperCaseName);
    }

    CommandInfo lookup(String upperCaseName, String upperCaseSubcommand) {
        CommandInfo container = byName.get(upperCaseName);
        return container == null ? null : container.subcommand(upperCaseSubcommand);
    }

    Collection<CommandInfo> all() {
        return all;
    }

    /** Collects the generated entries in any order; subcommands are named {@code CONTAINER|SUBCOMMAND}. */
    static final class Builder {
        private final Map<String, CommandInfo> entries = new LinkedHashMap<>();

        void add(
                String name,
                int arity,
                int flags,
                int firstKey,
                int lastKey,
                int keyStep,
                String group,
                String since,
                String tips,
                KeySpec... keySpecs) {
            List<String> tipList = tips.isEmpty() ? List.of() : Arrays.asList(tips.split(" "));
            CommandInfo info = new CommandInfo(
                    name,
                    arity,
                    flags,
                    firstKey,
                    lastKey,
                    keyStep,
                    Arrays.asList(keySpecs),
                    tipList,
                    CommandGroup.fromServerName(group),
                    since,
                    List.of());
            if (entries.put(name, info) != null) {
                throw new IllegalStateException("command added twice: " + name);
            }
        }

        CommandRegistry build() {
            Map<String, List<CommandInfo>> subcommandsByContainer = new HashMap<>();
            for (CommandInfo info : entries.values()) {
                int separator = info.name().indexOf('|');
                if (separator >= 0) {
                    subcommandsByContainer
                            .computeIfAbsent(info.name().substring(0, separator), container -> new ArrayList<>())
                            .add(info);
                }
            }
            Map<String, CommandInfo> byName = new HashMap<>(entries);
            subcommandsByContainer.forEach((containerName, subcommands) -> {
                CommandInfo container = byName.get(containerName);
                if (container == null) {
                    throw new IllegalStateException("subcommands without a container: " + containerName);
                }
                byName.put(containerName, container.withSubcommands(subcommands));
            });
            return new CommandRegistry(byName);
        }
    }
}
