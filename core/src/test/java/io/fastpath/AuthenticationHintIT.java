package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A refused handshake names the client option that fixes it, keeping the server's code. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuthenticationHintIT {
    private static final String SECRET = "s3cret-of-the-server";
    private RedisServer server;

    @BeforeAll
    void start() {
        server = RedisServer.builder().password(SECRET).start();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(server);
    }

    @Test
    void aServerWithAPasswordAndNoneConfiguredNamesTheCredentialsOptionAndTheUriUserInfo() {
        assertThatThrownBy(() -> RedisClient.builder().host("127.0.0.1", server.port()).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("NOAUTH").hasMessageContaining("RedisClientBuilder.credentials(user, password)")
                .hasMessageContaining("redis://user:password@host")
                .rootCause().isInstanceOfSatisfying(RedisServerException.class,
                        refusal -> assertThat(refusal.code()).isEqualTo("NOAUTH"));
    }

    @Test
    void aLazyClientsCommandsCarryTheSameHint() {
        try (RedisClient lazy = RedisClient.builder().host("127.0.0.1", server.port()).lazyConnect()
                .commandTimeout(Duration.ofMillis(500)).build()) {
            assertThatThrownBy(() -> lazy.get("k")).isInstanceOf(RedisNotSentException.class)
                    .hasMessageContaining("NOAUTH").hasMessageContaining("credentials(user, password)");
        }
    }

    @Test
    void aWrongPasswordNamesWhereItCameFromWithoutQuotingIt() {
        assertThatThrownBy(() -> RedisClient.builder().uri("redis://:not-the-secret@127.0.0.1:" + server.port()).build())
                .isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("WRONGPASS").hasMessageContaining("user-info")
                .hasMessageNotContaining("not-the-secret").hasMessageNotContaining(SECRET)
                .rootCause().isInstanceOfSatisfying(RedisServerException.class,
                        refusal -> assertThat(refusal.code()).isEqualTo("WRONGPASS"));
    }

    @Test
    void theRightPasswordConnects() {
        try (RedisClient redis = RedisClient.builder().uri("redis://:" + SECRET + "@127.0.0.1:" + server.port()).build()) {
            assertThat(redis.set("k", "v")).isTrue();
        }
    }
}
