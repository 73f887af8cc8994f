package io.fastpath;

import java.util.List;

/**
 * Channels, patterns or shard channels one {@link PubSubListener} is subscribed to, from
 * {@link RedisClient#subscribe}, {@link RedisClient#psubscribe} or {@link RedisClient#ssubscribe}.
 *
 * <p>Delivery is in order and at most once: the client re-subscribes after a reconnect, a failover or a slot
 * move before the subscriber connection is used again, but messages published while it was disconnected or
 * moving are lost; what the old node still pushes after a move is dropped, never delivered twice. Thread-safe.
 */
public interface Subscription extends AutoCloseable {

    /** The channels, patterns or shard channels this subscription covers, as given. */
    List<String> names();

    /**
     * Stops delivery to this listener at once; the server is told to unsubscribe the names no other
     * subscription of this client still uses. Idempotent.
     */
    void unsubscribe();

    /**
     * Messages this subscription lost because its delivery queue was full (see {@link PubSubOverflow});
     * 0 while its listener keeps up.
     */
    long droppedMessages();

    /** Messages waiting for this subscription's listener now, at most the bound of {@link RedisClientBuilder#pubSubQueue}. */
    int queuedMessages();

    /** Whether this subscription was closed, by {@link #unsubscribe()} or by {@link PubSubOverflow#UNSUBSCRIBE}. */
    boolean isClosed();

    /** The same as {@link #unsubscribe()}. */
    @Override
    default void close() {
        unsubscribe();
    }
}
