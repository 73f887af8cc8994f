package io.fastpath.spring;

import io.fastpath.PubSubMessage;
import io.fastpath.RedisClient;
import io.fastpath.reactor.ReactiveOptions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.data.redis.connection.ReactiveSubscription;
import org.springframework.data.redis.connection.SubscriptionListener;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * Spring's reactive subscription over Fastpath's pub/sub: each channel or pattern is one Fastpath subscription on the
 * client's subscriber connection (never a command connection), confirmed by the server before its {@code subscribe}
 * Mono completes, which is when the {@link SubscriptionListener} hears of it. {@link #receive()} is hot: each of its
 * subscribers gets the messages from its subscription on, in order per channel or pattern; one that does not keep up
 * keeps the newest {@link ReactiveOptions#DEFAULT_PUB_SUB_BUFFER} messages (pub/sub cannot slow the publisher).
 * Names travel as UTF-8 text. Thread-safe.
 */
final class FastpathReactiveSubscription implements ReactiveSubscription {
    private final RedisClient client;
    private final SubscriptionListener listener;
    // Any thread: the Fastpath subscription of each name.
    private final Map<String, io.fastpath.Subscription> channels = new ConcurrentHashMap<>();
    private final Map<String, io.fastpath.Subscription> patterns = new ConcurrentHashMap<>();
    /** Emitted under its own lock: Fastpath delivers different names' messages on different lanes at once. */
    private final Sinks.Many<Message<ByteBuffer, ByteBuffer>> messages = Sinks.many().multicast().directBestEffort();
    private final Runnable onCancel;

    FastpathReactiveSubscription(RedisClient client, SubscriptionListener listener, Runnable onCancel) {
        this.client = client;
        this.listener = listener == null ? SubscriptionListener.NO_OP_SUBSCRIPTION_LISTENER : listener;
        this.onCancel = onCancel;
    }

    @Override
    public Mono<Void> subscribe(ByteBuffer... channels) {
        return add(channels, false);
    }

    @Override
    public Mono<Void> pSubscribe(ByteBuffer... patterns) {
        return add(patterns, true);
    }

    /** Subscribes on a bounded-elastic thread: the client waits for the server's confirmation. */
    private Mono<Void> add(ByteBuffer[] names, boolean pattern) {
        Assert.notNull(names, "Names must not be null");
        Assert.noNullElements(names, "Names must not contain null elements");
        return Mono.<Void>fromRunnable(() -> {
            Map<String, io.fastpath.Subscription> held = pattern ? patterns : channels;
            for (ByteBuffer name : names) {
                byte[] raw = ReactiveRunner.bytes(name);
                String text = ReactiveRunner.text(raw, pattern ? "pattern" : "channel");
                held.computeIfAbsent(text, subscribed -> pattern ? client.psubscribe(this::deliver, subscribed)
                        : client.subscribe(this::deliver, subscribed));
                long count = this.channels.size() + this.patterns.size();
                if (pattern) {
                    listener.onPatternSubscribed(raw, count);
                } else {
                    listener.onChannelSubscribed(raw, count);
                }
            }
        }).subscribeOn(Schedulers.boundedElastic()).onErrorMap(ReactiveRunner::translate);
    }

    @Override
    public Mono<Void> unsubscribe() {
        return Mono.fromRunnable(() -> remove(List.copyOf(channels.keySet()), false));
    }

    @Override
    public Mono<Void> unsubscribe(ByteBuffer... channels) {
        Assert.notNull(channels, "Channels must not be null");
        Assert.noNullElements(channels, "Channels must not contain null elements");
        return Mono.fromRunnable(() -> remove(texts(channels, "channel"), false));
    }

    @Override
    public Mono<Void> pUnsubscribe() {
        return Mono.fromRunnable(() -> remove(List.copyOf(patterns.keySet()), true));
    }

    @Override
    public Mono<Void> pUnsubscribe(ByteBuffer... patterns) {
        Assert.notNull(patterns, "Patterns must not be null");
        Assert.noNullElements(patterns, "Patterns must not contain null elements");
        return Mono.fromRunnable(() -> remove(texts(patterns, "pattern"), true));
    }

    /** Fastpath's unsubscribe returns at once (the server is told in the background): safe on any thread. */
    private void remove(List<String> names, boolean pattern) {
        Map<String, io.fastpath.Subscription> held = pattern ? patterns : channels;
        for (String name : names) {
            io.fastpath.Subscription subscription = held.remove(name);
            if (subscription != null) {
                subscription.unsubscribe();
                byte[] raw = name.getBytes(StandardCharsets.UTF_8);
                long count = channels.size() + patterns.size();
                if (pattern) {
                    listener.onPatternUnsubscribed(raw, count);
                } else {
                    listener.onChannelUnsubscribed(raw, count);
                }
            }
        }
    }

    private static List<String> texts(ByteBuffer[] names, String what) {
        return java.util.Arrays.stream(names).map(name -> ReactiveRunner.text(ReactiveRunner.bytes(name), what)).toList();
    }

    @Override
    public Set<ByteBuffer> getChannels() {
        return buffers(channels.keySet());
    }

    @Override
    public Set<ByteBuffer> getPatterns() {
        return buffers(patterns.keySet());
    }

    private static Set<ByteBuffer> buffers(Set<String> names) {
        Set<ByteBuffer> buffers = new LinkedHashSet<>();
        for (String name : names) {
            buffers.add(ByteBuffer.wrap(name.getBytes(StandardCharsets.UTF_8)));
        }
        return Set.copyOf(buffers);
    }

    @Override
    public Flux<Message<ByteBuffer, ByteBuffer>> receive() {
        return messages.asFlux().onBackpressureBuffer(ReactiveOptions.DEFAULT_PUB_SUB_BUFFER,
                reactor.core.publisher.BufferOverflowStrategy.DROP_OLDEST);
    }

    @Override
    public Mono<Void> cancel() {
        return unsubscribe().then(pUnsubscribe()).then(Mono.fromRunnable(() -> {
            synchronized (messages) {
                messages.tryEmitComplete();
            }
            onCancel.run();
        }));
    }

    /** Fastpath's listener lanes (off the I/O threads): one message at a time per name, in order. */
    private void deliver(PubSubMessage message) {
        ByteBuffer channel = ByteBuffer.wrap(message.channel().getBytes(StandardCharsets.UTF_8));
        ByteBuffer payload = ByteBuffer.wrap(message.payload());
        Message<ByteBuffer, ByteBuffer> delivered = message.pattern() == null ? new ChannelMessage<>(channel, payload)
                : new PatternMessage<>(ByteBuffer.wrap(message.pattern().getBytes(StandardCharsets.UTF_8)), channel, payload);
        synchronized (messages) {
            messages.tryEmitNext(delivered); // no receiver, or cancelled: dropped, as a pub/sub message nobody listens to
        }
    }
}
