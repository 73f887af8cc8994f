package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedisServerBinaryTest {

    @Test
    void locatedExecutableReportsItsVersion() {
        RedisServerBinary binary = RedisServerBinary.locate();
        assertThat(Files.isExecutable(binary.executable())).isTrue();
        assertThat(binary.version()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(binary.versionText()).contains("v=" + binary.version());
        assertThat(binary.isAtLeast(binary.majorVersion(), binary.minorVersion())).isTrue();
        assertThat(binary.isAtLeast(binary.majorVersion() + 1, 0)).isFalse();
    }

    @Test
    void environmentVariableTakesPrecedenceOverThePath(@TempDir Path directory) throws IOException {
        Path onPath = executableScript(directory.resolve("redis-server"));
        Path configured = executableScript(directory.resolve("custom-server"));
        Map<String, String> environment = Map.of(
                RedisServerBinary.ENVIRONMENT_VARIABLE, configured.toString(),
                "PATH", directory.toString());
        assertThat(RedisServerBinary.findExecutable(environment)).isEqualTo(configured);
        assertThat(RedisServerBinary.findExecutable(Map.of("PATH", directory.toString()))).isEqualTo(onPath);
    }

    @Test
    void valkeyServerIsTheFallbackWhenRedisServerIsAbsent(@TempDir Path directory) throws IOException {
        Path valkey = executableScript(directory.resolve("valkey-server"));
        assertThat(RedisServerBinary.findExecutable(Map.of("PATH", directory.toString()))).isEqualTo(valkey);
    }

    @Test
    void missingExecutableFailsWithInstallAdvice(@TempDir Path emptyDirectory) {
        assertThatThrownBy(() -> RedisServerBinary.findExecutable(Map.of("PATH", emptyDirectory.toString())))
                .isInstanceOf(RedisTestkitException.class)
                .hasMessageContaining("apt-get install -y redis-server");
    }

    @Test
    void environmentVariableNamingNoExecutableIsRejected(@TempDir Path directory) {
        Map<String, String> environment = Map.of(
                RedisServerBinary.ENVIRONMENT_VARIABLE, directory.resolve("absent").toString());
        assertThatThrownBy(() -> RedisServerBinary.findExecutable(environment))
                .isInstanceOf(RedisTestkitException.class)
                .hasMessageContaining(RedisServerBinary.ENVIRONMENT_VARIABLE);
    }

    private static Path executableScript(Path path) throws IOException {
        Files.writeString(path, "#!/bin/sh\necho 'Redis server v=9.9.9 sha=0'\n");
        path.toFile().setExecutable(true);
        return path;
    }
}
