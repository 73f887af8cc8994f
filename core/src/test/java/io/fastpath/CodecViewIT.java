package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.AccountPointCodec.Account;
import io.fastpath.AccountPointCodec.Point;
import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link CodecViewContract} against a standalone server, and what the views share with their client. */
class CodecViewIT extends CodecViewContract {
    private static final String NAME = "codec-view";
    RedisServer server;
    RedisClient redis;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        redis = RedisClient.builder().uri(server.uri()).connectionsPerNode(2).clientName(NAME).build();
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(redis, server);
    }

    @Override
    RedisClient client() {
        return redis;
    }

    /** The client's connections the server holds: command connections, and any pool opened since. */
    private long connectionsOfTheClient() {
        return server.call("CLIENT", "LIST").toString().lines().filter(line -> line.contains(" name=" + NAME + " ")).count();
    }

    @Test
    void codecAndTimeoutViewsSendOnTheClientsOwnConnections() {
        long before = connectionsOfTheClient(); // the two command connections, and whatever pool an earlier test opened
        assertThat(before).isGreaterThanOrEqualTo(2);
        RedisCommands<Account, Point> points = redis.withCodec(AccountPointCodec.CODEC);
        RedisCommands<Account, Point> quickPoints = points.withTimeout(Duration.ofSeconds(1));
        for (int i = 0; i < 100; i++) {
            quickPoints.set(spread(i), new Point(i, i));
            assertThat(points.async().get(spread(i)).join()).isEqualTo(new Point(i, i));
            assertThat(redis.withCodec(AccountPointCodec.CODEC).withTimeout(Duration.ofMillis(500 + i)).get(spread(i)))
                    .isEqualTo(new Point(i, i));
        }
        assertThat(connectionsOfTheClient()).isEqualTo(before);
    }

    @Test
    void aCodecViewAndTheStringViewReadTheSameBytes() {
        RedisCommands<Account, Point> points = redis.withCodec(AccountPointCodec.CODEC);
        points.set(key(1), new Point(0x61626364, 0x65666768)); // "abcd" "efgh"
        assertThat(redis.get("acct:{r}:1")).isEqualTo("abcdefgh");
        redis.set("acct:{r}:2", "ijklmnop");
        assertThat(points.get(key(2))).isEqualTo(new Point(0x696a6b6c, 0x6d6e6f70));
    }

    @Test
    void aNullCodecIsRefused() {
        assertThatThrownBy(() -> redis.withCodec(null)).isInstanceOf(RedisArgumentException.class)
                .hasMessageContaining("codec");
    }
}
