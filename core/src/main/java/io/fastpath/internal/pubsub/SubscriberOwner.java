package io.fastpath.internal.pubsub;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisServerException;
import java.util.List;

/**
 * What a {@link SubscriberConnection} tells whoever owns it: the client's {@link PubSubEngine}, or a
 * {@link ChannelWatcher} reading a server's event channels (Sentinel). Called on the connection's event loop.
 */
interface SubscriberOwner {
    /** A message push for {@code name} (a channel, a pattern or a shard channel). */
    void deliver(PubSubKind kind, String name, PubSubMessage message);

    /** The server dropped a shard channel on its own (its slot moved away from that node). */
    void shardChannelDropped(SubscriberConnection from, String channel);

    /** Re-subscribing after a reconnect was refused for {@code names}. */
    void resubscribeRefused(SubscriberConnection from, PubSubKind kind, List<String> names, RedisServerException refusal);

    /** A reconnect's handshake re-subscribed every name: messages published while it was down are lost. */
    default void resubscribed(SubscriberConnection from) {
    }
}
