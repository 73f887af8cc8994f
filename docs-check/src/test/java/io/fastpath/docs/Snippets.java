package io.fastpath.docs;

import java.util.ArrayList;
import java.util.List;

/** The documentation's blocks as units, compiled together once per test class that asks. */
final class Snippets {

    private Snippets() {}

    static List<SnippetSource> sourcesOf(List<JavaBlock> blocks) {
        List<SnippetSource> sources = new ArrayList<>();
        for (JavaBlock block : blocks) {
            sources.add(SnippetSource.of(block, sources.size()));
        }
        return sources;
    }

    /** The failure message for a unit that did not compile: every error with its file and line, then the unit. */
    static String failureOf(SnippetSource source, List<String> errors) {
        return "The Java block at " + source.block().location() + " does not compile (context "
                + source.context().name().toLowerCase(java.util.Locale.ROOT) + "):\n  " + String.join("\n  ", errors);
    }
}
