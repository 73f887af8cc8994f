package io.fastpath.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Regenerates the table from the installed redis-server and requires the committed file to match it byte for byte. */
class CommandTableIsUpToDateTest {

    // Surefire runs in the module directory, so the core module is a sibling.
    private static final Path COMMITTED = Path.of("..").resolve(CommandTableGenerator.DEFAULT_OUTPUT);

    @Test
    void committedCommandTableMatchesTheInstalledServer() throws IOException {
        String committed = Files.readString(COMMITTED, StandardCharsets.UTF_8);
        String generated;
        try (RedisProcess redis = RedisProcess.start()) {
            generated = CommandTableGenerator.generate(redis.host(), redis.port());
        }

        String committedVersion = headerVersion(committed);
        String serverVersion = headerVersion(generated);
        if (!committedVersion.equals(serverVersion)) {
            fail("CommandTable.java was generated from redis-server " + committedVersion
                    + " but the installed redis-server is " + serverVersion
                    + "; install " + committedVersion + " or run scripts/generate-commands and review the change");
        }
        if (!committed.equals(generated)) {
            fail("CommandTable.java differs from what redis-server " + serverVersion + " reports; "
                    + firstDifference(committed, generated)
                    + "\nRun scripts/generate-commands to regenerate it, then review with git diff.");
        }
        assertThat(committed).startsWith(CommandTableSource.HEADER_PREFIX + serverVersion);
    }

    private static String headerVersion(String source) {
        String firstLine = source.lines().findFirst().orElse("");
        if (!firstLine.startsWith(CommandTableSource.HEADER_PREFIX) || !firstLine.endsWith(CommandTableSource.HEADER_SUFFIX)) {
            fail("CommandTable.java does not start with the generator's header; run scripts/generate-commands. First line: "
                    + firstLine);
        }
        return firstLine.substring(
                CommandTableSource.HEADER_PREFIX.length(), firstLine.length() - CommandTableSource.HEADER_SUFFIX.length());
    }

    private static String firstDifference(String committed, String generated) {
        String[] committedLines = committed.split("\n", -1);
        String[] generatedLines = generated.split("\n", -1);
        int shared = Math.min(committedLines.length, generatedLines.length);
        for (int index = 0; index < shared; index++) {
            if (!committedLines[index].equals(generatedLines[index])) {
                return "first difference at line " + (index + 1) + ":\n  committed: " + committedLines[index]
                        + "\n  generated: " + generatedLines[index];
            }
        }
        return "committed has " + committedLines.length + " lines, generated has " + generatedLines.length;
    }
}
