package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps sleeps from coming back as synchronization in the tests: every sleep or park in the core's tests and
 * in the testkit must say on its line (or the line above) why it is not one, with the marker
 * {@value #MARKER}. Waiting for something to happen goes through {@link Eventually}, an event or a latch.
 */
class NoSleepAsSynchronizationTest {
    static final String MARKER = "// Not synchronization:";

    /** A call that pauses the calling thread: Thread.sleep, TimeUnit.X.sleep, the testkit's Waits.sleep, parkNanos. */
    private static final Pattern PAUSE = Pattern.compile("\\.sleep\\s*\\(|\\bparkNanos\\s*\\(|\\bparkUntil\\s*\\(");

    /** Surefire runs in the core module's directory; the testkit is its sibling. */
    private static final List<Path> SOURCES = List.of(Path.of("src/test/java"), Path.of("../testkit/src"));

    @Test
    void everySleepInTheTestsSaysWhyItIsNotSynchronization() {
        List<String> unexplained = new ArrayList<>();
        int explained = 0;
        for (Path root : SOURCES) {
            assertThat(root).as("a source folder the scan must cover").isDirectory();
            for (Path file : javaFiles(root)) {
                List<String> lines = lines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (!PAUSE.matcher(lines.get(i)).find()) {
                        continue;
                    }
                    if (hasReason(lines.get(i)) || (i > 0 && hasReason(lines.get(i - 1)))) {
                        explained++;
                    } else {
                        unexplained.add(root.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(unexplained)
                .as("sleeps used as synchronization: wait with Eventually, an event or a latch instead, or say on "
                        + "the line why the sleep is part of the scenario with \"" + MARKER + " <why>\"")
                .isEmpty();
        assertThat(explained).as("the scan sees the known sleeps (Eventually's poll interval at least)").isPositive();
    }

    /** The marker followed by an actual reason. */
    private static boolean hasReason(String line) {
        int at = line.indexOf(MARKER);
        return at >= 0 && !line.substring(at + MARKER.length()).isBlank();
    }

    private static List<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
