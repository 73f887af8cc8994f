package io.fastpath.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedisProcessTest {

    @Test
    void startedServerAnswersAndStopsListeningOnceClosed() throws IOException {
        String host;
        int port;
        try (RedisProcess redis = RedisProcess.start(); RespSocket socket = RespSocket.connect(redis.host(), redis.port())) {
            host = redis.host();
            port = redis.port();
            assertThat(socket.call("PING")).isEqualTo("PONG");
            assertThat(socket.call("CONFIG", "GET", "save")).isEqualTo(List.of("save", ""));
        }
        assertThatThrownBy(() -> RespSocket.connect(host, port).close()).isInstanceOf(IOException.class);
    }
}
