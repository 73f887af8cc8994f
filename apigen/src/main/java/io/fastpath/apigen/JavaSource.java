package io.fastpath.apigen;

import java.util.regex.Pattern;

/** The text of one generated interface, written line by line at a four-space indent per level. */
final class JavaSource {
    private static final Pattern SAME_CLASS_REFERENCE = Pattern.compile("(\\{@link(?:plain)?\\s+|@see\\s+)#");
    private final StringBuilder text = new StringBuilder();

    JavaSource line(String line) {
        text.append(line.isEmpty() ? "" : line).append('\n');
        return this;
    }

    JavaSource line(int indent, String line) {
        return line("    ".repeat(indent) + line);
    }

    /**
     * A doc comment from the builder's text. A {@code #member} reference names the builder, where every command
     * method exists (a view may not have it, e.g. a fallback marked builder-only).
     */
    JavaSource javadoc(int indent, String comment, String builderName) {
        if (comment == null || comment.isBlank()) {
            return this;
        }
        String qualified = SAME_CLASS_REFERENCE.matcher(comment.strip()).replaceAll("$1" + builderName + "#");
        String[] lines = qualified.split("\n", -1);
        String prefix = "    ".repeat(indent);
        if (lines.length == 1) {
            return line(prefix + "/** " + lines[0].strip() + " */");
        }
        line(prefix + "/**");
        for (String line : lines) {
            String stripped = line.stripTrailing();
            line(stripped.isEmpty() ? prefix + " *" : prefix + " *" + (stripped.startsWith(" ") ? "" : " ") + stripped);
        }
        return line(prefix + " */");
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
