package io.fastpath.spring;

import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.ReactivePubSubCommands;
import org.springframework.data.redis.connection.ReactiveSubscription;
import org.springframework.data.redis.connection.ReactiveSubscription.ChannelMessage;
import org.springframework.data.redis.connection.SubscriptionListener;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Pub/sub of one reactive connection: PUBLISH through the shared client, subscriptions on the client's subscriber
 * connection ({@link FastpathReactiveSubscription}). The names this connection itself subscribes ({@link #subscribe},
 * {@link #pSubscribe}) stay subscribed until the connection closes, as do the subscriptions it created and nobody
 * cancelled. Thread-safe.
 */
final class FastpathReactivePubSubCommands implements ReactivePubSubCommands {
    private final ReactiveRunner runner;
    // Any thread: what closing the connection must end.
    private final Set<FastpathReactiveSubscription> open = ConcurrentHashMap.newKeySet();
    private final FastpathReactiveSubscription own;

    FastpathReactivePubSubCommands(ReactiveRunner runner) {
        this.runner = runner;
        this.own = new FastpathReactiveSubscription(runner.client(), SubscriptionListener.NO_OP_SUBSCRIPTION_LISTENER, () -> { });
    }

    @Override
    public Mono<ReactiveSubscription> createSubscription(SubscriptionListener listener) {
        return Mono.fromSupplier(() -> {
            FastpathReactiveSubscription[] created = new FastpathReactiveSubscription[1];
            created[0] = new FastpathReactiveSubscription(runner.client(), listener, () -> open.remove(created[0]));
            open.add(created[0]);
            return created[0];
        });
    }

    @Override
    public Flux<Long> publish(Publisher<ChannelMessage<ByteBuffer, ByteBuffer>> messageStream) {
        Assert.notNull(messageStream, "ChannelMessage stream must not be null");
        return ReactiveRunner.each(messageStream, message -> runner.run(c -> c.publish(ReactiveRunner.bytes(message.getChannel()),
                ReactiveRunner.bytes(message.getMessage()))));
    }

    @Override
    public Mono<Void> subscribe(ByteBuffer... channels) {
        return own.subscribe(channels);
    }

    @Override
    public Mono<Void> pSubscribe(ByteBuffer... patterns) {
        return own.pSubscribe(patterns);
    }

    /** Ends this connection's own names and every subscription it created that is still open. */
    Mono<Void> close() {
        return Flux.fromIterable(Set.copyOf(open)).concatMap(ReactiveSubscription::cancel).then(own.cancel());
    }
}
