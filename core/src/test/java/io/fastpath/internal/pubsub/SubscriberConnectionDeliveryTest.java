package io.fastpath.internal.pubsub;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisServerException;
import io.fastpath.TestConnectionSettings;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which pushes a subscriber connection delivers: only messages for names it still holds. The connection is never
 * started; its pushes are handed to it as its event loop would (the wire itself is covered by the pub/sub ITs).
 */
class SubscriberConnectionDeliveryTest {
    private static final long FAR = Long.MAX_VALUE / 2;

    private final ClientResources resources = new ClientResources(1, null, true);
    private final List<String> delivered = new ArrayList<>();
    private final SubscriberConnection connection = new SubscriberConnection(new Endpoint("127.0.0.1", 1),
            TestConnectionSettings.defaults(resources), resources, new SubscriberOwner() {
                @Override
                public void deliver(PubSubKind kind, String name, PubSubMessage message) {
                    delivered.add(kind + " " + name + " " + message.message());
                }

                @Override
                public void shardChannelDropped(SubscriberConnection from, String channel) {
                    delivered.add("dropped " + channel);
                }

                @Override
                public void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names,
                                               RedisServerException refusal) {
                }
            });

    @AfterEach
    void close() {
        connection.close();
        resources.close();
    }

    @Test
    void aShardChannelMovedToAnotherConnectionDeliversNothingMoreFromThisOne() {
        connection.subscribe(PubSubKind.SHARD, List.of("{s}events"), FAR);
        connection.onPush(push("smessage", "{s}events", "1"));

        connection.unsubscribe(PubSubKind.SHARD, List.of("{s}events"), FAR); // moved: the new owner's connection holds it
        connection.onPush(push("smessage", "{s}events", "2")); // the demoted primary still pushes what it replicates

        assertThat(delivered).containsExactly("SHARD {s}events 1");
    }

    @Test
    void channelsAndPatternsAreDeliveredOnlyWhileHeld() {
        connection.subscribe(PubSubKind.CHANNEL, List.of("news"), FAR);
        connection.subscribe(PubSubKind.PATTERN, List.of("n*"), FAR);
        connection.onPush(push("message", "news", "a"));
        connection.onPush(push("pmessage", "n*", "news", "b"));
        connection.onPush(push("message", "other", "never subscribed here"));

        connection.unsubscribe(PubSubKind.CHANNEL, List.of("news"), FAR);
        connection.unsubscribe(PubSubKind.PATTERN, List.of("n*"), FAR);
        connection.onPush(push("message", "news", "late"));
        connection.onPush(push("pmessage", "n*", "news", "late"));

        assertThat(delivered).containsExactly("CHANNEL news a", "PATTERN n* b");
    }

    @Test
    void aShardChannelTheServerDroppedIsReportedOnceAndDeliversNothingMore() {
        connection.subscribe(PubSubKind.SHARD, List.of("{s}moved"), FAR);
        connection.onPush(push("sunsubscribe", "{s}moved"));
        connection.onPush(push("smessage", "{s}moved", "after"));

        assertThat(delivered).containsExactly("dropped {s}moved");
    }

    private static Reply.PushReply push(String... words) {
        List<Reply> elements = new ArrayList<>();
        for (String word : words) {
            elements.add(new Reply.BulkStringReply(word.getBytes(StandardCharsets.UTF_8)));
        }
        return new Reply.PushReply(elements);
    }
}
