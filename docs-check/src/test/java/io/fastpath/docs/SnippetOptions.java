package io.fastpath.docs;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the HTML comment right before a ```java block asks: {@code <!-- snippet: context=members run -->}. Without a
 * comment a block is compiled in the context its shape implies (see docs/README.md, "Code in these pages").
 *
 * @param context where the block's code is placed, or {@link Context#AUTO} to decide from its shape
 * @param run whether the block also runs against a real server (the docs-check module's integration test)
 */
record SnippetOptions(Context context, boolean run) {

    static final SnippetOptions DEFAULTS = new SnippetOptions(Context.AUTO, false);

    private static final Pattern COMMENT = Pattern.compile("^\\s*<!--\\s*snippet:(.*?)-->\\s*$");
    /** {@code <!-- snippet:quickstart-begin -->}: a region other tools extract (the build's snippet tests), not options. */
    private static final Pattern REGION_MARKER = Pattern.compile("^\\s*<!--\\s*snippet:[\\w.-]+-(begin|end)\\s*-->\\s*$");

    /** Where a block's code goes before it is compiled. */
    enum Context {
        /** Decide from the code: a compilation unit, type declarations, or statements. */
        AUTO,
        /** Statements of a method body that may throw, with the wrapper's variables ({@code redis}...) in scope. */
        CLIENT,
        /** Members of a class (methods, fields, {@code @Bean} methods), the wrapper's variables in scope. */
        MEMBERS,
        /** Type declarations (classes, records, interfaces) after the standard imports. */
        TYPES,
        /** A whole compilation unit, compiled as written (its own imports). */
        UNIT
    }

    /** Whether the line marks the start or end of a named region, which a block's options may sit inside or outside of. */
    static boolean isRegionMarker(String line) {
        return REGION_MARKER.matcher(line).matches();
    }

    /** The options of a comment line, or null when the line is not a snippet comment. */
    static SnippetOptions parse(String line) {
        Matcher matcher = COMMENT.matcher(line);
        if (!matcher.matches() || isRegionMarker(line)) {
            return null;
        }
        Context context = Context.AUTO;
        boolean run = false;
        for (String word : matcher.group(1).trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.equals("run")) {
                run = true;
            } else if (word.startsWith("context=")) {
                context = Context.valueOf(word.substring("context=".length()).toUpperCase(Locale.ROOT));
            } else {
                throw new IllegalArgumentException("unknown snippet option '" + word + "' in: " + line.trim());
            }
        }
        return new SnippetOptions(context, run);
    }
}
