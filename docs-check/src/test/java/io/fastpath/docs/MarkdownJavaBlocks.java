package io.fastpath.docs;

import java.util.ArrayList;
import java.util.List;

/** Finds the ```java blocks of one Markdown text; other fenced blocks (xml, kotlin, bash...) are left alone. */
final class MarkdownJavaBlocks {

    private MarkdownJavaBlocks() {}

    static List<JavaBlock> of(String file, String markdown) {
        List<JavaBlock> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        int index = 0;
        while (index < lines.length) {
            String trimmed = lines[index].strip();
            if (!trimmed.startsWith("```")) {
                index++;
                continue;
            }
            String fence = trimmed.substring(0, countBackticks(trimmed));
            String language = trimmed.substring(fence.length()).strip();
            int indent = lines[index].indexOf('`'); // a block inside a list item is indented; so is its code
            int firstCodeLine = index + 1;
            int end = firstCodeLine;
            while (end < lines.length && !lines[end].strip().equals(fence)) {
                end++;
            }
            if (end == lines.length) {
                throw new IllegalStateException(file + ":" + (index + 1) + ": a ``` block is never closed");
            }
            if (language.equals("java")) {
                StringBuilder code = new StringBuilder();
                for (int line = firstCodeLine; line < end; line++) {
                    code.append(unindent(lines[line], indent)).append('\n');
                }
                blocks.add(new JavaBlock(file, firstCodeLine + 1, code.toString(), optionsBefore(lines, index)));
            }
            index = end + 1;
        }
        return blocks;
    }

    /** The snippet comment on the last non-blank line before the fence (region markers aside), if there is one. */
    private static SnippetOptions optionsBefore(String[] lines, int fenceIndex) {
        for (int line = fenceIndex - 1; line >= 0; line--) {
            if (lines[line].isBlank() || SnippetOptions.isRegionMarker(lines[line])) {
                continue;
            }
            SnippetOptions options = SnippetOptions.parse(lines[line]);
            return options != null ? options : SnippetOptions.DEFAULTS;
        }
        return SnippetOptions.DEFAULTS;
    }

    private static int countBackticks(String line) {
        int count = 0;
        while (count < line.length() && line.charAt(count) == '`') {
            count++;
        }
        return count;
    }

    private static String unindent(String line, int indent) {
        int strip = 0;
        while (strip < indent && strip < line.length() && line.charAt(strip) == ' ') {
            strip++;
        }
        return line.substring(strip);
    }
}
