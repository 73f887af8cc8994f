package io.fastpath.reactor;

import io.fastpath.PubSubListener;
import io.fastpath.PubSubMessage;
import io.fastpath.Subscription;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.scheduler.Schedulers;

/**
 * A subscription as a {@link Flux}: subscribed (on a bounded-elastic thread, since the client waits for the server's
 * confirmation) when the Flux is, unsubscribed when it is cancelled or fails. Pub/sub cannot slow the publisher,
 * so a subscriber without demand gets a bounded buffer with an overflow rule ({@link ReactiveOptions#pubSubBuffer}).
 */
final class PubSubFlux {
    private PubSubFlux() {}

    static Flux<PubSubMessage> of(Function<PubSubListener, Subscription> subscribe, ReactiveOptions options) {
        Flux<PubSubMessage> messages = Flux.create(sink -> {
            Subscription subscription = subscribe.apply(sink::next); // messages arrive one at a time, in order, off the I/O threads
            sink.onDispose(subscription::unsubscribe); // runs at once if the Flux was cancelled while subscribing
        }, FluxSink.OverflowStrategy.BUFFER); // never fills: the bounded buffer below requests everything
        return messages.subscribeOn(Schedulers.boundedElastic(), false)
                .onBackpressureBuffer(options.pubSubBuffer(), options.droppedMessages()::accept, options.pubSubOverflow());
    }
}
