package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ACL credentials from a provider asked on every (re)connect: rotation and WRONGPASS (fault catalogue case 27). */
class CredentialsRotationIT {
    RedisServer server;

    @BeforeEach
    void start() {
        server = RedisServer.start();
        server.call("ACL", "SETUSER", "app", "on", ">first-secret", "~*", "+@all");
    }

    @AfterEach
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aRotatedPasswordFromTheProviderIsUsedWhenTheConnectionsReconnect() throws Exception {
        AtomicReference<String> secret = new AtomicReference<>("first-secret");
        AtomicInteger asked = new AtomicInteger();
        CredentialsProvider provider = () -> {
            asked.incrementAndGet();
            return CompletableFuture.completedFuture(new RedisCredentials("app", secret.get()));
        };
        try (RedisClient redis = RedisClient.builder().uri(server.uri()).credentialsProvider(provider)
                .connectionsPerNode(2).build()) {
            redis.set("k", "before");
            assertThat(asked.get()).isEqualTo(2);
            List<String> idsBefore = appConnectionIds();

            server.call("ACL", "SETUSER", "app", ">second-secret", "<first-secret");
            secret.set("second-secret");
            server.call("CLIENT", "KILL", "USER", "app");

            awaitTrue("both connections back as user app", () -> appConnectionIds().size() == 2);
            assertThat(appConnectionIds()).doesNotContainAnyElementsOf(idsBefore);
            assertThat(redis.get("k")).isEqualTo("before");
            assertThat(asked.get()).isGreaterThanOrEqualTo(4);
        }
    }

    @Test
    void aStalePasswordKeepsTheWrongpassCodeAndBacksOffInsteadOfHotLooping() throws Exception {
        AtomicReference<String> secret = new AtomicReference<>("first-secret");
        EventRecorder events = new EventRecorder();
        try (RedisClient redis = RedisClient.builder().uri(server.uri())
                .credentialsProvider(CredentialsProvider.fromSupplier(() -> new RedisCredentials("app", secret.get())))
                .connectionsPerNode(1).commandTimeout(Duration.ofMillis(1500)).eventListener(events).build()) {
            redis.set("k", "v");
            server.call("ACL", "SETUSER", "app", ">second-secret", "<first-secret");
            server.call("ACL", "LOG", "RESET");
            int beforeKill = events.events().size();
            server.call("CLIENT", "KILL", "USER", "app");
            // The client notices the kill, so the next command waits instead of being written.
            events.awaitFrom(beforeKill, event -> event instanceof RedisEvent.Disconnected, "Disconnected after the kill");

            // The command waits for a reconnect that keeps failing AUTH, and reports why.
            assertThatThrownBy(() -> redis.get("k"))
                    .isInstanceOf(RedisNotSentException.class)
                    .hasMessageContaining("WRONGPASS")
                    .cause().isInstanceOfSatisfying(RedisServerException.class,
                            wrongPass -> assertThat(wrongPass.code()).isEqualTo("WRONGPASS"));
            long failedAuths = failedAuthCount();
            // Exponential backoff (10 ms doubling to 2 s) allows about a dozen attempts in this window;
            // a reconnect loop without backoff would make hundreds.
            assertThat(failedAuths).isBetween(2L, 25L);

            secret.set("second-secret");
            awaitTrue("the connection authenticates with the new secret", () -> appConnectionIds().size() == 1);
            assertThat(redis.get("k")).isEqualTo("v");
        }
    }

    @Test
    void aFailingProviderFailsTheConnectWithoutQuotingItsMessage() {
        CredentialsProvider broken = () -> CompletableFuture.failedFuture(
                new IllegalStateException("vault unreachable, token vault-token-123"));
        assertThatThrownBy(() -> RedisClient.builder().uri(server.uri()).credentialsProvider(broken)
                .connectTimeout(Duration.ofSeconds(1)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("credentials provider failed (IllegalStateException)")
                .satisfies(e -> assertThat(SecretScan.stackText(e)).doesNotContain("vault-token-123"));
    }

    @Test
    void aProviderThatNeverAnswersFailsTheConnectAtTheConnectTimeout() {
        CredentialsProvider silent = CompletableFuture::new;
        assertThatThrownBy(() -> RedisClient.builder().uri(server.uri()).credentialsProvider(silent)
                .connectTimeout(Duration.ofMillis(300)).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("credentials provider failed (TimeoutException)");
    }

    private List<String> appConnectionIds() {
        String clients = (String) server.call("CLIENT", "LIST", "TYPE", "normal");
        return clients.lines().filter(line -> line.contains(" user=app "))
                .map(line -> line.substring(0, line.indexOf(' '))).toList();
    }

    /** How many AUTH/HELLO failures the server's ACL log counted since the last reset. */
    private long failedAuthCount() {
        List<?> entries = (List<?>) server.call("ACL", "LOG");
        long count = 0;
        for (Object entry : entries) {
            List<?> fields = (List<?>) entry;
            if ("auth".equals(fields.get(fields.indexOf("reason") + 1))) {
                count += (Long) fields.get(fields.indexOf("count") + 1);
            }
        }
        return count;
    }

    static void awaitTrue(String what, BooleanSupplier condition) {
        Eventually.awaitTrue(what, condition, Duration.ofSeconds(15));
    }
}
