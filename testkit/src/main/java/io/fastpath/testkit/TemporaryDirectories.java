package io.fastpath.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Creates and removes the per-server working directories under the system temporary directory. */
final class TemporaryDirectories {

    /** Linux's shared-memory file system: what is written there never waits for a disk. */
    private static final Path IN_MEMORY = Path.of("/dev/shm");

    private TemporaryDirectories() {
    }

    /**
     * A directory in memory ({@code /dev/shm}) where the system has one, else as {@link #create}. For a Sentinel: at every
     * vote and epoch it rewrites its config and fsyncs the file and its directory on its only thread, and on a busy disk
     * (other builds writing) such an fsync took over a second here; a Sentinel whose timer runs 2 s late enters TILT.
     */
    static Path createInMemory(String prefix) {
        if (Files.isDirectory(IN_MEMORY) && Files.isWritable(IN_MEMORY)) {
            try {
                return Files.createTempDirectory(IN_MEMORY, prefix);
            } catch (IOException fallBack) {
                // A full or read-only /dev/shm: the system's temporary directory does as well, only slower under load.
            }
        }
        return create(prefix);
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
