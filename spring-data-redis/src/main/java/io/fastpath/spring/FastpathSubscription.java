package io.fastpath.spring;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.data.redis.connection.DefaultMessage;
import org.springframework.data.redis.connection.MessageListener;
import org.springframework.data.redis.connection.SubscriptionListener;
import org.springframework.data.redis.connection.util.AbstractSubscription;

/**
 * Spring's view of channels and patterns subscribed through Fastpath's pub/sub: one Fastpath subscription per
 * name, on the client's dedicated subscriber connection (never a command connection), each confirmed by the
 * server before {@code subscribe} returns, which is when a {@link SubscriptionListener} hears of it. Messages
 * reach the {@link MessageListener} off the I/O threads, in order per name. Names travel as UTF-8 text, so a
 * channel or pattern must be valid UTF-8. Thread-safe.
 */
final class FastpathSubscription extends AbstractSubscription {
    private final RedisClient client;
    private final Map<String, io.fastpath.Subscription> channels = new ConcurrentHashMap<>();
    private final Map<String, io.fastpath.Subscription> patterns = new ConcurrentHashMap<>();
    /**
     * Subscription callbacks, run by the thread blocked in {@code subscribe} as Jedis's does: Spring's listener
     * container subscribes more names from inside a callback, which would recurse if it ran in the caller.
     */
    private final BlockingQueue<Runnable> callbacks = new LinkedBlockingQueue<>();
    /** Queued last: releases the thread blocked in {@code subscribe} once the callbacks before it have run. */
    private static final Runnable CLOSED = () -> { };
    private final AtomicBoolean closed = new AtomicBoolean();

    FastpathSubscription(MessageListener listener, RedisClient client) {
        super(listener);
        this.client = client;
    }

    @Override
    protected void doSubscribe(byte[]... names) {
        for (byte[] name : names) {
            String channel = text(name, "channel");
            channels.computeIfAbsent(channel, subscribed -> client.subscribe(this::deliver, subscribed));
            long count = channels.size() + patterns.size();
            callbacks.add(() -> subscriptionListener().onChannelSubscribed(name, count));
        }
    }

    @Override
    protected void doPsubscribe(byte[]... names) {
        for (byte[] name : names) {
            String pattern = text(name, "pattern");
            patterns.computeIfAbsent(pattern, subscribed -> client.psubscribe(this::deliver, subscribed));
            long count = channels.size() + patterns.size();
            callbacks.add(() -> subscriptionListener().onPatternSubscribed(name, count));
        }
    }

    @Override
    protected void doUnsubscribe(boolean all, byte[]... names) {
        unsubscribe(channels, all, names, true);
    }

    @Override
    protected void doPUnsubscribe(boolean all, byte[]... names) {
        unsubscribe(patterns, all, names, false);
    }

    private void unsubscribe(Map<String, io.fastpath.Subscription> subscriptions, boolean all, byte[][] names, boolean channel) {
        Iterable<String> targets = all ? Map.copyOf(subscriptions).keySet() : java.util.Arrays.stream(names)
                .map(name -> text(name, channel ? "channel" : "pattern")).toList();
        for (String target : targets) {
            io.fastpath.Subscription subscription = subscriptions.remove(target);
            if (subscription != null) {
                subscription.unsubscribe();
                byte[] name = target.getBytes(StandardCharsets.UTF_8);
                long count = channels.size() + patterns.size();
                callbacks.add(channel ? () -> subscriptionListener().onChannelUnsubscribed(name, count)
                        : () -> subscriptionListener().onPatternUnsubscribed(name, count));
            }
        }
        if (channels.isEmpty() && patterns.isEmpty()) {
            end(); // Spring's subscription ends when its last name goes, as Jedis's does
        }
    }

    @Override
    protected void doClose() {
        doUnsubscribe(true);
        doPUnsubscribe(true);
        end();
    }

    private void end() {
        if (closed.compareAndSet(false, true)) {
            callbacks.add(CLOSED);
        }
    }

    /** Blocks the subscribing thread, as Spring's {@code subscribe} contract asks, until the subscription is closed. */
    void awaitClosed() {
        try {
            for (Runnable callback = callbacks.take(); callback != CLOSED; callback = callbacks.take()) {
                callback.run();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            close(); // the subscriber was told to stop: nothing would deliver to it any more
        }
    }

    private void deliver(PubSubMessage message) {
        byte[] channel = message.channel().getBytes(StandardCharsets.UTF_8);
        DefaultMessage delivered = new DefaultMessage(channel, message.payload());
        byte[] pattern = message.pattern() == null ? null : message.pattern().getBytes(StandardCharsets.UTF_8);
        getListener().onMessage(delivered, pattern);
    }

    private SubscriptionListener subscriptionListener() {
        return getListener() instanceof SubscriptionListener listener ? listener : SubscriptionListener.NO_OP_SUBSCRIPTION_LISTENER;
    }

    /** Fastpath subscribes names given as text: bytes that are not UTF-8 would reach the server changed. */
    private static String text(byte[] name, String what) {
        return ReactiveRunner.text(name, what);
    }
}
