package io.fastpath.internal.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisServerException;
import io.fastpath.TestConnectionSettings;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.ScriptedServer;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A subscriber connection asked to subscribe before its first handshake ended (a shard channel moved to a node the
 * client had no connection to yet): the handshake subscribes every name it knows, and the command queued for the same
 * names must not be written after it as well. The HELLO reply is held until the subscribe is queued, so the
 * handshake always sees the name.
 */
class SubscribeBeforeHandshakeProtocolTest {
    private static final String CHANNEL = "{s}events";

    private final ClientResources resources = new ClientResources(1, null, true);
    private final CountDownLatch subscribeQueued = new CountDownLatch(1);

    @AfterEach
    void close() {
        resources.close();
    }

    private String answer(List<String> command) {
        return switch (command.get(0)) {
            case "HELLO" -> {
                awaitSubscribeQueued();
                yield "%1\r\n$4\r\nmode\r\n$10\r\nstandalone\r\n";
            }
            case "SSUBSCRIBE" -> ">3\r\n$10\r\nssubscribe\r\n$" + command.get(1).length() + "\r\n" + command.get(1) + "\r\n:1\r\n";
            case "PING" -> "+PONG\r\n";
            default -> "+OK\r\n"; // CLIENT SETINFO
        };
    }

    /** On the scripted server's connection thread: the handshake goes on only once the subscribe was queued. */
    private void awaitSubscribeQueued() {
        try {
            if (!subscribeQueued.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never queued its subscribe");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    @Test
    void aShardChannelSubscribedBeforeTheFirstHandshakeEndedIsSubscribedOnce() throws Exception {
        try (ScriptedServer server = new ScriptedServer(this::answer)) {
            SubscriberConnection connection = new SubscriberConnection(new Endpoint("127.0.0.1", server.port()),
                    TestConnectionSettings.defaults(resources), resources, new IgnoringOwner());
            try {
                connection.start();
                var subscribed = connection.subscribe(PubSubKind.SHARD, List.of(CHANNEL), System.nanoTime()
                        + TimeUnit.SECONDS.toNanos(10));
                subscribeQueued.countDown();

                subscribed.get(10, TimeUnit.SECONDS); // its PING was answered: whatever went before it was received
                assertThat(server.received()).filteredOn(command -> command.get(0).equals("SSUBSCRIBE"))
                        .containsExactly(List.of("SSUBSCRIBE", CHANNEL));
                assertThat(connection.names(PubSubKind.SHARD)).containsExactly(CHANNEL);
            } finally {
                connection.close();
            }
        }
    }

    private static final class IgnoringOwner implements SubscriberOwner {
        @Override
        public void deliver(PubSubKind kind, String name, PubSubMessage message) {
        }

        @Override
        public void shardChannelDropped(SubscriberConnection from, String channel) {
        }

        @Override
        public void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names,
                                       RedisServerException refusal) {
        }
    }
}
