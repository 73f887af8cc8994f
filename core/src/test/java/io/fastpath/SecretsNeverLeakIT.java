package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Credentials;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A password never appears in an exception, a toString or a log line, whatever fails (fault catalogue case 27). */
class SecretsNeverLeakIT {
    private static final String SECRET = "Zx7f3q-distinctive-secret";
    private static final String STALE = "Qw91k-stale-distinctive-secret";

    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
        server.call("ACL", "SETUSER", "app", "on", ">" + SECRET, "~*", "+@all");
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void noFailurePathToStringOrLogLineShowsThePassword() throws Exception {
        List<String> texts = new ArrayList<>();
        String uri = "redis://app:" + SECRET + "@127.0.0.1:" + server.port();
        try (SecretScan output = SecretScan.captureOutput()) {
            Throwable wrongPassword = catchThrowable(() -> RedisClient.builder()
                    .uri("redis://app:" + STALE + "@127.0.0.1:" + server.port()).connectTimeout(Duration.ofSeconds(1)).build());
            assertThat(wrongPassword).isInstanceOf(RedisConnectionException.class).hasMessageContaining("WRONGPASS");
            texts.add(SecretScan.stackText(wrongPassword));

            EventRecorder events = new EventRecorder();
            RedisClientBuilder builder = RedisClient.builder().uri(uri).connectionsPerNode(1)
                    .commandTimeout(Duration.ofMillis(400)).eventListener(events);
            texts.add(builder.toString());
            texts.add(RedisUri.parse(uri).toString());
            texts.add(new RedisCredentials("app", SECRET).toString());
            texts.add(CredentialsProvider.fixed("app", SECRET).toString());
            texts.add(new Credentials("app", SECRET).toString());
            texts.add(TlsOptions.builder().privateKeyPassword(SECRET.toCharArray()).build().toString());
            try (ClientResources resources = new ClientResources(1, null, true)) {
                texts.add(TestConnectionSettings.of(RedisClient.builder().credentials("app", SECRET), resources).toString());
                texts.add(TestConnectionSettings.of(RedisClient.builder().credentialsProvider(
                        CredentialsProvider.fixed("app", SECRET)), resources).toString());
            }

            try (RedisClient redis = builder.build()) {
                texts.add(redis.toString());
                Throwable authRefused = catchThrowable(() -> redis.commands().command("AUTH", "app", SECRET));
                assertThat(authRefused).isInstanceOf(RedisArgumentException.class); // a shared connection's AUTH is the handshake's
                texts.add(SecretScan.stackText(authRefused));

                Throwable userAuthRefused = catchThrowable(() -> redis.send("AUTH", "app", STALE));
                assertThat(userAuthRefused).isInstanceOf(RedisArgumentException.class);
                texts.add(SecretScan.stackText(userAuthRefused));

                server.pause();
                Throwable timedOut = catchThrowable(() -> redis.get("k"));
                server.resume();
                assertThat(timedOut).isInstanceOf(RedisTimeoutException.class);
                texts.add(SecretScan.stackText(timedOut));

                // The server's password changes: every reconnect now fails AUTH with the client's old secret.
                server.call("ACL", "SETUSER", "app", ">" + STALE, "<" + SECRET);
                int beforeKill = events.events().size();
                server.call("CLIENT", "KILL", "USER", "app");
                // The client notices the kill, so the next command waits for a reconnect.
                events.awaitFrom(beforeKill, event -> event instanceof RedisEvent.Disconnected, "Disconnected after the kill");
                Throwable reconnectRefused = catchThrowable(() -> redis.get("k"));
                assertThat(reconnectRefused).isInstanceOf(RedisNotSentException.class).hasMessageContaining("WRONGPASS");
                texts.add(SecretScan.stackText(reconnectRefused));
            }
            texts.add(output.output());
        }
        assertThat(texts).hasSize(15).allSatisfy(text -> assertThat(text).doesNotContain(SECRET).doesNotContain(STALE));
    }
}
