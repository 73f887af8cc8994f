package io.fastpath.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** Reads the last lines of a server's log file for error messages and diagnostics. */
final class LogTail {

    private LogTail() {
    }

    static List<String> lastLines(Path file, int count) {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            Deque<String> tail = new ArrayDeque<>(count + 1);
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                tail.addLast(line);
                if (tail.size() > count) {
                    tail.removeFirst();
                }
            }
            return List.copyOf(tail);
        } catch (IOException exception) {
            return List.of("(cannot read " + file + ": " + exception + ")");
        }
    }
}
