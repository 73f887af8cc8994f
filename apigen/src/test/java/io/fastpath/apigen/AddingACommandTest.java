package io.fastpath.apigen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adding a command is one edit: a default method in its {@code <Group>CommandBuilder}. Run on a copy of the
 * real builder sources, the generator then writes the new method into every view, and nothing else changes.
 */
class AddingACommandTest {
    private static final Path BUILDERS = Path.of("..", "core", "src", "main", "java", "io", "fastpath", "command");
    private static final List<ViewStyle> ALL_STYLES =
            List.of(new BlockingStyle(), new AsyncStyle(), new ReactorStyle(), new VertxStyle());

    @TempDir
    Path sources;

    @Test
    void aMethodAddedToOneBuilderFileAppearsInEveryViewOfItsGroup() throws IOException {
        copyBuilders();
        Map<Path, String> before = GenerateViews.generate(sources, Path.of("out"), ALL_STYLES);

        Path stringBuilder = sources.resolve("StringCommandBuilder.java");
        String text = Files.readString(stringBuilder, StandardCharsets.UTF_8);
        int end = text.lastIndexOf('}'); // the new method goes last, before the interface's closing brace
        Files.writeString(stringBuilder, text.substring(0, end)
                + "    /** LCS LEN: the length of the longest common substring of two strings. */\n"
                + "    default Command<Long> lcsLength(K first, K second) {\n"
                + "        return new ArgumentList(\"LCS\", 4).addKey(codec().encodeKey(first)).addKey(codec().encodeKey(second))"
                + ".keyword(\"LEN\").read(Converters.LONG);\n"
                + "    }\n\n" + text.substring(end), StandardCharsets.UTF_8);
        Map<Path, String> after = GenerateViews.generate(sources, Path.of("out"), ALL_STYLES);

        assertThat(after.keySet()).isEqualTo(before.keySet());
        List<Path> changed = after.keySet().stream().filter(file -> !after.get(file).equals(before.get(file))).toList();
        assertThat(changed).extracting(file -> file.getFileName().toString()).containsExactlyInAnyOrder(
                "StringCommands.java", "StringAsyncCommands.java", "StringReactiveCommands.java", "StringVertxCommands.java");
        String doc = "    /** LCS LEN: the length of the longest common substring of two strings. */\n";
        assertThat(after.get(Path.of("out/io/fastpath/command/StringCommands.java"))).contains(doc
                + "    default long lcsLength(K first, K second) {\n        return execute(commands().lcsLength(first, second));");
        assertThat(after.get(Path.of("out/io/fastpath/command/StringAsyncCommands.java"))).contains(doc
                + "    default CompletableFuture<Long> lcsLength(K first, K second) {\n"
                + "        return dispatch(commands().lcsLength(first, second));");
        assertThat(after.get(Path.of("out/io/fastpath/reactor/StringReactiveCommands.java"))).contains(doc
                + "    default Mono<Long> lcsLength(K first, K second) {\n"
                + "        return Mono.defer(() -> execute(commands().lcsLength(first, second)));");
        assertThat(after.get(Path.of("out/io/fastpath/vertx/StringVertxCommands.java"))).contains(doc
                + "    default Future<Long> lcsLength(K first, K second) {\n"
                + "        return execute(commands().lcsLength(first, second));");
    }

    private void copyBuilders() throws IOException {
        try (Stream<Path> files = Files.list(BUILDERS)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith("CommandBuilder.java")).toList()) {
                Files.copy(file, sources.resolve(file.getFileName()));
            }
        }
    }
}
