package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.testkit.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The transport follows the class path: epoll with Netty's epoll jars (the default integration runs, on this Linux),
 * NIO without them. Core's failsafe execution {@code without-epoll} runs this class again with those jars left off
 * the class path and {@code fastpath.test.expectTransport=nio}.
 */
class TransportIT {
    private static final String EXPECTED = System.getProperty("fastpath.test.expectTransport", "epoll");

    @RegisterExtension
    static RedisServerExtension redis = RedisServerExtension.standalone();

    @Test
    void theClientUsesEpollWhenItsJarsArePresentAndServesOverNioWithoutThem() throws Exception {
        if (EXPECTED.equals("nio")) {
            assertThatThrownBy(() -> Class.forName("io.netty.channel.epoll.Epoll")).isInstanceOf(ClassNotFoundException.class);
        } else {
            assertThat(Class.forName("io.netty.channel.epoll.Epoll")).isNotNull();
        }

        try (RedisClient client = RedisClient.create(redis.server().uri())) {
            client.set("transport", EXPECTED);

            assertThat(client.get("transport")).isEqualTo(EXPECTED);
            assertThat(client.toString()).endsWith(", " + EXPECTED + "]");
        }
    }
}
