package io.fastpath;

import java.util.List;

/**
 * Channels, patterns or shard channels one {@link PubSubListener} is subscribed to, from
 * {@link RedisClient#subscribe}, {@link RedisClient#psubscribe} or {@link RedisClient#ssubscribe}.
 *
 * <p>Delivery is at most once: the client re-subscribes after a reconnect, a failover or a slot move
 * before the subscriber connection is used again, but messages published while it was disconnected or
 * moving are lost. Thread-safe.
 */
public interface Subscription extends AutoCloseable {

    /** The channels, patterns or shard channels this subscription covers, as given. */
    List<String> names();

    /**
     * Stops delivery to this listener at once; the server is told to unsubscribe the names no other
     * subscription of this client still uses. Idempotent.
     */
    void unsubscribe();

    /** The same as {@link #unsubscribe()}. */
    @Override
    default void close() {
        unsubscribe();
    }
}
