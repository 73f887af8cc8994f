package io.fastpath.docs;

/**
 * One ```java block of a Markdown file: where it is, what it says, and how its snippet comment asks it to be
 * checked.
 *
 * @param file the Markdown file, relative to the repository root (what a failure names)
 * @param line the line of the block's first code line in that file (1-based)
 * @param code the code between the fences
 * @param options the {@code <!-- snippet: ... -->} comment right before the block, or the defaults
 */
record JavaBlock(String file, int line, String code, SnippetOptions options) {

    /** How a failure names the block: {@code docs/pubsub.md:42}. */
    String location() {
        return file + ":" + line;
    }

    @Override
    public String toString() {
        return location();
    }
}
