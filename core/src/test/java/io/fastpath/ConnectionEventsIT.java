package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The event listener hears connects, disconnects and reconnect attempts of a real server's connections. */
class ConnectionEventsIT {
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aKilledConnectionIsReportedAsDisconnectedThenReconnectAttemptThenConnected() throws Exception {
        EventRecorder events = new EventRecorder();
        String node = "127.0.0.1:" + server.port();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1).eventListener(events).build()) {
            int connected = events.awaitFrom(0, e -> e.equals(new RedisEvent.Connected(node)), "Connected");

            server.call("CLIENT", "KILL", "TYPE", "normal");

            int disconnected = events.awaitFrom(connected + 1, e -> e instanceof RedisEvent.Disconnected d
                    && d.node().equals(node) && d.reason().contains("closed"), "Disconnected");
            int attempt = events.awaitFrom(disconnected + 1, e -> e instanceof RedisEvent.ReconnectAttempt a
                    && a.node().equals(node) && a.attempt() == 1 && a.delay().isZero(), "ReconnectAttempt 1");
            events.awaitFrom(attempt + 1, e -> e.equals(new RedisEvent.Connected(node)), "Connected again");
            assertThat(redis.ping()).isEqualTo("PONG");
            assertThat(events.received()).allSatisfy(received -> assertThat(received.thread()).startsWith("fastpath-callback"));
        }
    }

    @Test
    void aStoppedServerYieldsNumberedReconnectAttemptsNamingTheFailureUntilItIsBack() throws Exception {
        EventRecorder events = new EventRecorder();
        String node = "127.0.0.1:" + server.port();
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(1)
                .reconnectBackoff(Duration.ofMillis(20), Duration.ofMillis(200)).eventListener(events).build()) {
            int connected = events.awaitFrom(0, e -> e instanceof RedisEvent.Connected, "Connected");
            server.stop();
            int disconnected = events.awaitFrom(connected + 1, e -> e instanceof RedisEvent.Disconnected, "Disconnected");
            int third = events.awaitFrom(disconnected + 1, e -> e instanceof RedisEvent.ReconnectAttempt a && a.attempt() == 3,
                    "ReconnectAttempt 3");
            assertThat(((RedisEvent.ReconnectAttempt) events.events().get(third)).lastFailure()).contains("refused");

            server.restart();
            events.awaitFrom(third + 1, e -> e.equals(new RedisEvent.Connected(node)), "Connected after restart");
            assertThat(redis.ping()).isEqualTo("PONG");
            assertThat(events.events().subList(disconnected + 1, third + 1))
                    .extracting(e -> ((RedisEvent.ReconnectAttempt) e).attempt()).containsExactly(1, 2, 3);
        }
    }

    @Test
    void aListenerThatThrowsDoesNotStopLaterEventsOrTheClient() throws Exception {
        EventRecorder events = new EventRecorder();
        RedisEventListener throwing = event -> {
            events.onEvent(event);
            throw new IllegalStateException("listener bug");
        };
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(2).eventListener(throwing).build()) {
            events.awaitFrom(0, e -> e instanceof RedisEvent.Connected, "first Connected");
            events.awaitFrom(1, e -> e instanceof RedisEvent.Connected, "second Connected");
            assertThat(redis.ping()).isEqualTo("PONG");
        }
    }
}
