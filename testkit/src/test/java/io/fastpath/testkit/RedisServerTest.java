package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RedisServerTest {

    @Test
    void startedServerAnswersPingOnItsLoopbackPort() {
        try (RedisServer server = RedisServer.start()) {
            assertThat(server.isAlive()).isTrue();
            assertThat(server.host()).isEqualTo("127.0.0.1");
            assertThat(server.uri()).isEqualTo("redis://127.0.0.1:" + server.port());
            assertThat(server.call("PING")).isEqualTo("PONG");
            assertThat(server.call("CONFIG", "GET", "appendonly")).isEqualTo(List.of("appendonly", "no"));
            assertThat(server.call("CONFIG", "GET", "save")).isEqualTo(List.of("save", ""));
            assertThat(server.call("DEBUG", "SLEEP", "0")).isEqualTo("OK");
        }
    }

    @Test
    void stoppedServerNoLongerRunsAndCloseRemovesItsDirectory() {
        RedisServer server = RedisServer.start();
        Path directory = server.directory();
        assertThat(Files.isDirectory(directory)).isTrue();
        server.stop();
        assertThat(server.isAlive()).isFalse();
        server.close();
        assertThat(Files.exists(directory)).isFalse();
    }

    @Test
    void killedServerStopsAnsweringAndRestartServesAgain() {
        try (RedisServer server = RedisServer.start()) {
            int port = server.port();
            long firstPid = server.pid();
            server.kill9();
            assertThat(server.isAlive()).isFalse();
            assertThatThrownBy(() -> server.call("PING")).isInstanceOf(UncheckedIOException.class);

            server.restart();
            assertThat(server.port()).isEqualTo(port);
            assertThat(server.pid()).isNotEqualTo(firstPid);
            assertThat(server.call("PING")).isEqualTo("PONG");
        }
    }

    @Test
    void restartOfARunningServerKeepsPortAndDirectory() {
        try (RedisServer server = RedisServer.start()) {
            int port = server.port();
            Path directory = server.directory();
            long firstPid = server.pid();
            server.restart();
            assertThat(server.port()).isEqualTo(port);
            assertThat(server.directory()).isEqualTo(directory);
            assertThat(server.pid()).isNotEqualTo(firstPid);
            assertThat(server.call("PING")).isEqualTo("PONG");
        }
    }

    @Test
    void pausedServerKeepsConnectionsButAnswersOnlyAfterResume() {
        try (RedisServer server = RedisServer.start();
                RespClient client = server.connect(Duration.ofSeconds(1), Duration.ofSeconds(5))) {
            assertThat(client.call("PING")).isEqualTo("PONG");
            client.setReadTimeout(Duration.ofMillis(300)); // short for the paused server only: a loaded one may answer late
            server.pause();
            assertThat(server.isPaused()).isTrue();
            assertThatThrownBy(() -> client.call("SET", "key", "value"))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasCauseInstanceOf(SocketTimeoutException.class);

            server.resume();
            assertThat(server.isPaused()).isFalse();
            client.setReadTimeout(Duration.ofSeconds(5));
            // The SET sent while paused is answered first, then the new command.
            assertThat(client.receive()).isEqualTo("OK");
            assertThat(client.call("GET", "key")).isEqualTo("value");
        }
    }

    @Test
    void closingAPausedServerStillEndsTheProcess() {
        RedisServer server = RedisServer.start();
        long pid = server.pid();
        server.pause();
        server.close();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isIn(Optional.empty(), Optional.of(false));
    }

    @Test
    void theJvmKeepsNoChildProcessAfterClose() {
        RedisServer first = RedisServer.start();
        RedisServer second = RedisServer.start();
        List<Long> pids = List.of(first.pid(), second.pid());
        assertThat(childPids()).containsAll(pids);

        first.close();
        second.kill9();
        second.close();

        assertThat(childPids()).doesNotContainAnyElementsOf(pids);
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).isIn(Optional.empty(), Optional.of(false));
        }
    }

    @Test
    void passwordProtectedServerIsReachedThroughAuthenticatedAdminConnections() {
        try (RedisServer server = RedisServer.builder().password("s3cret").start()) {
            assertThat(server.password()).isEqualTo("s3cret");
            assertThat(server.call("PING")).isEqualTo("PONG");
            try (RespClient anonymous = new RespClient(server.host(), server.port())) {
                assertThatThrownBy(() -> anonymous.call("GET", "key"))
                        .isInstanceOf(RespServerError.class)
                        .hasMessageStartingWith("NOAUTH");
            }
        }
    }

    @Test
    void extraConfigurationArgumentsReachTheServer() {
        try (RedisServer server = RedisServer.builder().config("maxmemory", "12mb").start()) {
            assertThat(server.call("CONFIG", "GET", "maxmemory")).isEqualTo(List.of("maxmemory", "12582912"));
        }
    }

    @Test
    void logTailShowsTheServerLog() {
        try (RedisServer server = RedisServer.start()) {
            assertThat(String.join("\n", server.logTail(50))).contains("Ready to accept connections");
        }
    }

    @Test
    void serverThatCannotStartFailsWithItsOutputInTheMessage() {
        assertThatThrownBy(() -> RedisServer.builder().config("no-such-directive", "yes").start())
                .isInstanceOf(RedisTestkitException.class)
                .hasMessageContaining("exited")
                .hasMessageContaining("no-such-directive");
    }

    private static List<Long> childPids() {
        return ProcessHandle.current().children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList();
    }
}
