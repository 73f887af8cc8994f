package io.fastpath.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Creates and removes the per-server working directories under the system temporary directory. */
final class TemporaryDirectories {

    private TemporaryDirectories() {
    }

    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException exception) {
            throw new RedisTestkitException("Cannot create a temporary directory", exception);
        }
    }

    /** Deletes the tree, leaving whatever cannot be deleted; cleanup must not mask a test result. */
    static void deleteQuietly(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // Best effort, see the method comment.
                }
            });
        } catch (IOException ignored) {
            // Best effort, see the method comment.
        }
    }
}
