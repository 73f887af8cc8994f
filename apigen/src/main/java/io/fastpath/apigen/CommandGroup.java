package io.fastpath.apigen;

import java.util.List;

/**
 * One {@code <Group>CommandBuilder} interface: the group's name ({@code String} for {@code StringCommandBuilder}),
 * its imports (the types its signatures name) and its command methods in declaration order.
 */
record CommandGroup(String name, String builderName, List<String> imports, List<CommandMethod> methods) {

    /** The interface a style generates for this group, e.g. {@code StringAsyncCommands}. */
    String viewName(String suffix) {
        return name + suffix;
    }
}
