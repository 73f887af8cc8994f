package io.fastpath;

/**
 * What a subscription does when its listener falls so far behind that its delivery queue is full
 * ({@link RedisClientBuilder#pubSubQueue}). Every message lost this way is counted
 * ({@link Subscription#droppedMessages()}), and each overflow is reported with a
 * {@link RedisEvent.SubscriptionOverflow} event.
 */
public enum PubSubOverflow {
    /** Keep the queued messages; the one that arrived is dropped. Cheapest; the listener sees a stale stretch, then a gap. */
    DROP_NEWEST,
    /** Drop the oldest queued message to make room (the default): the listener stays as close to now as its speed allows. */
    DROP_OLDEST,
    /**
     * Close the subscription (as {@link Subscription#unsubscribe()}): queued messages are dropped and the
     * listener gets nothing more. For consumers that must not skip a message silently: they re-subscribe
     * and resynchronise.
     */
    UNSUBSCRIBE
}
