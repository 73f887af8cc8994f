package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ShutdownHookTest {

    @Test
    void serverLeftRunningIsKilledWhenItsJvmExits() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                AbandonedServerProgram.class.getName())
                .redirectErrorStream(true)
                .start();
        long serverPid;
        Path directory;
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
            serverPid = Long.parseLong(output.readLine().trim());
            directory = Path.of(output.readLine().trim());
        } finally {
            if (!jvm.waitFor(30, TimeUnit.SECONDS)) {
                jvm.destroyForcibly();
            }
        }
        assertThat(jvm.exitValue()).isZero();
        Optional<ProcessHandle> leftover = ProcessHandle.of(serverPid).filter(ProcessHandle::isAlive);
        // Only the abandoned server is ever signalled here, and only if the hook failed to end it.
        leftover.ifPresent(ProcessHandle::destroyForcibly);
        assertThat(leftover).isEmpty();
        assertThat(Files.exists(directory)).isFalse();
    }
}
