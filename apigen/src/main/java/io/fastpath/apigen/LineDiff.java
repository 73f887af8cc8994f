package io.fastpath.apigen;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The lines only one of two API texts has, under their type's line: enough to see what changed, since an API
 * text is sorted and each member line is unique within its type.
 */
final class LineDiff {
    private LineDiff() {}

    static String of(String before, String after) {
        Set<String> old = qualified(before);
        Set<String> current = qualified(after);
        StringBuilder diff = new StringBuilder();
        for (String line : old) {
            if (!current.contains(line)) {
                diff.append("- ").append(line).append('\n');
            }
        }
        for (String line : current) {
            if (!old.contains(line)) {
                diff.append("+ ").append(line).append('\n');
            }
        }
        return diff.toString();
    }

    /** Each member line prefixed by its type's line, so equal members of different types stay apart. */
    private static Set<String> qualified(String text) {
        Set<String> lines = new LinkedHashSet<>();
        String type = "";
        for (String line : List.of(text.split("\n"))) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("  ")) {
                lines.add(type + " :: " + line.strip());
            } else {
                type = line;
                lines.add(line);
            }
        }
        return lines;
    }
}
