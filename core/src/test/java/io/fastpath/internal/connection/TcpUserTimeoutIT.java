package io.fastpath.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.testkit.RedisServer;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** On epoll, the response timeout is also the socket's TCP_USER_TIMEOUT, so unacknowledged bytes fail the connection (case 10). */
class TcpUserTimeoutIT {

    @Test
    void theResponseTimeoutIsSetAsTcpUserTimeoutOnEpollSockets() throws Exception {
        assertThat(Epoll.isAvailable()).as("this Linux test machine has native epoll").isTrue();
        try (RedisServer server = RedisServer.start();
             ClientResources resources = new ClientResources(1, null, true)) {
            assertThat(resources.channelType()).isEqualTo(EpollSocketChannel.class);
            ConnectionSettings settings =
                    TestConnectionSettings.of(RedisClient.builder().responseTimeout(Duration.ofMillis(7500)), resources);
            Connection connection = new Connection(new Endpoint(server.host(), server.port()), settings,
                    resources.nextEventLoop(), resources.channelType());
            connection.start().get(10, TimeUnit.SECONDS);
            Integer userTimeout = connection.eventLoop().submit(
                    () -> connection.channel().config().getOption(EpollChannelOption.TCP_USER_TIMEOUT)).get(10, TimeUnit.SECONDS);
            assertThat(userTimeout).isEqualTo(7500);
            connection.close(0).get(10, TimeUnit.SECONDS);
        }
    }
}
