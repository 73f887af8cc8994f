package io.fastpath.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RespClientTest {

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void resp2RepliesDecodeToJavaValues() {
        try (RespClient client = redis.server().admin()) {
            assertThat(client.call("SET", "resp2-key", "héllo")).isEqualTo("OK");
            assertThat(client.call("GET", "resp2-key")).isEqualTo("héllo");
            assertThat(client.call("GET", "resp2-missing")).isNull();
            assertThat(client.call("INCRBY", "resp2-counter", "5")).isEqualTo(5L);
            assertThat(client.call("RPUSH", "resp2-list", "a", "b")).isEqualTo(2L);
            assertThat(client.call("LRANGE", "resp2-list", "0", "-1")).isEqualTo(List.of("a", "b"));
            assertThat(client.call("HSET", "resp2-hash", "field", "value")).isEqualTo(1L);
            assertThat(client.call("HGETALL", "resp2-hash")).isEqualTo(List.of("field", "value"));
        }
    }

    @Test
    void hello3SwitchesToResp3AndItsTypesDecode() {
        try (RespClient client = redis.server().admin()) {
            Object hello = client.call("HELLO", "3");
            assertThat(hello).isInstanceOf(Map.class);
            assertThat(((Map<?, ?>) hello).get("proto")).isEqualTo(3L);

            client.call("HSET", "resp3-hash", "field", "value");
            assertThat(client.call("HGETALL", "resp3-hash")).isEqualTo(Map.of("field", "value"));
            assertThat(client.call("DEBUG", "PROTOCOL", "double")).isEqualTo(3.141d);
            assertThat(client.call("DEBUG", "PROTOCOL", "true")).isEqualTo(Boolean.TRUE);
            assertThat(client.call("DEBUG", "PROTOCOL", "false")).isEqualTo(Boolean.FALSE);
            assertThat(client.call("DEBUG", "PROTOCOL", "null")).isNull();
            assertThat(client.call("DEBUG", "PROTOCOL", "bignum"))
                    .isEqualTo(new BigInteger("1234567999999999999999999999999999999"));
            assertThat(client.call("DEBUG", "PROTOCOL", "verbatim")).isEqualTo("This is a verbatim\nstring");
            assertThat(client.call("DEBUG", "PROTOCOL", "set")).isEqualTo(List.of(0L, 1L, 2L));
            assertThat(client.call("DEBUG", "PROTOCOL", "map")).isEqualTo(Map.of(0L, false, 1L, true, 2L, false));
            assertThat(client.call("DEBUG", "PROTOCOL", "attrib")).isEqualTo("Some real reply following the attribute");
            client.call("ZADD", "resp3-zset", "1.5", "member");
            assertThat(client.call("ZSCORE", "resp3-zset", "member")).isEqualTo(1.5d);
        }
    }

    @Test
    void topLevelErrorIsThrownAndNestedErrorIsAnElement() {
        try (RespClient client = redis.server().admin()) {
            client.call("SET", "error-string", "text");
            assertThatThrownBy(() -> client.call("LPUSH", "error-string", "x"))
                    .isInstanceOfSatisfying(RespServerError.class,
                            error -> assertThat(error.errorCode()).isEqualTo("WRONGTYPE"));
            assertThat(client.callOrError("NO-SUCH-COMMAND")).isInstanceOf(RespServerError.class);

            client.call("MULTI");
            client.call("INCR", "error-string");
            client.call("PING");
            List<?> results = (List<?>) client.call("EXEC");
            assertThat(results.get(0)).isInstanceOf(RespServerError.class);
            assertThat(results.get(1)).isEqualTo("PONG");
            assertThat(client.call("PING")).isEqualTo("PONG");
        }
    }

    @Test
    void binaryCallsRoundTripBytesThatAreNotUtf8() {
        byte[] key = {'b', 'i', 'n', 0};
        byte[] value = {(byte) 0xFF, 0, (byte) 0xC3, '\r', '\n'};
        try (RespClient client = redis.server().admin()) {
            assertThat(client.callBinary("SET".getBytes(), key, value)).isEqualTo("OK");
            assertThat((byte[]) client.callBinary("GET".getBytes(), key)).containsExactly(value);
            assertThat(client.callBinary("STRLEN".getBytes(), key)).isEqualTo(5L);
        }
    }

    @Test
    void connectingToAClosedPortFailsWithAnIoError() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertThatThrownBy(() -> new RespClient("127.0.0.1", closedPort))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(Integer.toString(closedPort));
    }
}
