package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Without Netty's epoll jars the client runs on NIO. Run only by core's failsafe execution {@code without-epoll},
 * whose class path leaves out netty-transport-classes-epoll and netty-transport-native-epoll.
 */
class NioTransportIT {

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void theClientConnectsAndServesOverNioWhenTheEpollClassesAreAbsent() {
        assertThatThrownBy(() -> Class.forName("io.netty.channel.epoll.Epoll")).isInstanceOf(ClassNotFoundException.class);

        try (RedisClient client = RedisClient.create(redis.server().uri())) {
            client.set("transport", "nio");

            assertThat(client.get("transport")).isEqualTo("nio");
            assertThat(client.toString()).endsWith(", nio]");
        }
    }
}
