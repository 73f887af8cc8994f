package io.fastpath.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The Markdown files whose code is checked: README.md and every docs/**.md, found from the repository root. */
final class DocumentationFiles {

    private DocumentationFiles() {}

    /** The repository root: the build passes it ({@code fastpath.docs.root}); run from the module, it is the parent. */
    static Path root() {
        String configured = System.getProperty("fastpath.docs.root");
        Path root = configured != null && !configured.isBlank() ? Path.of(configured) : Path.of("..");
        if (!Files.isRegularFile(root.resolve("README.md")) || !Files.isDirectory(root.resolve("docs"))) {
            throw new IllegalStateException("no README.md and docs/ under " + root.toAbsolutePath().normalize()
                    + "; set -Dfastpath.docs.root to the repository root");
        }
        return root;
    }

    /** Every ```java block of README.md and docs/, in file order. */
    static List<JavaBlock> javaBlocks() {
        Path root = root();
        List<JavaBlock> blocks = new ArrayList<>();
        for (Path file : markdownFiles(root)) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            blocks.addAll(MarkdownJavaBlocks.of(relative, read(file)));
        }
        return blocks;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> markdownFiles(Path root) {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
