package io.fastpath.reactor;

import io.fastpath.PubSubMessage;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.publisher.BufferOverflowStrategy;

/**
 * Settings of the reactive views ({@link FastpathReactive#of(io.fastpath.RedisClient, ReactiveOptions)}). Immutable:
 * each method returns a copy.
 *
 * @param commandObserver sees every command with the subscriber's Reactor context (tracing, metrics)
 * @param pubSubBuffer messages a pub/sub {@code Flux} holds for a subscriber that has not requested them
 * @param pubSubOverflow what a full pub/sub buffer does with the next message
 * @param droppedMessages receives each message a full buffer dropped (on the delivering thread; must not block)
 */
public record ReactiveOptions(CommandObserver commandObserver, int pubSubBuffer, BufferOverflowStrategy pubSubOverflow,
                              Consumer<PubSubMessage> droppedMessages) {

    /** 256 messages, as Reactor's own small buffers; like core's pub/sub queues, the oldest message goes first. */
    public static final int DEFAULT_PUB_SUB_BUFFER = 256;

    public ReactiveOptions {
        Objects.requireNonNull(commandObserver, "commandObserver");
        Objects.requireNonNull(pubSubOverflow, "pubSubOverflow");
        Objects.requireNonNull(droppedMessages, "droppedMessages");
        if (pubSubBuffer < 1) {
            throw new IllegalArgumentException("pubSubBuffer must be at least 1, got " + pubSubBuffer);
        }
    }

    /** No observer; pub/sub buffers of {@value #DEFAULT_PUB_SUB_BUFFER} messages dropping the oldest. */
    public static ReactiveOptions defaults() {
        return new ReactiveOptions(CommandObserver.NONE, DEFAULT_PUB_SUB_BUFFER, BufferOverflowStrategy.DROP_OLDEST,
                message -> { });
    }

    public ReactiveOptions commandObserver(CommandObserver observer) {
        return new ReactiveOptions(observer, pubSubBuffer, pubSubOverflow, droppedMessages);
    }

    /**
     * How many messages a pub/sub {@code Flux} keeps for a subscriber without demand, and what happens to the next
     * one when they are all waiting: {@code DROP_OLDEST}, {@code DROP_LATEST}, or {@code ERROR} (the Flux fails
     * with Reactor's overflow exception and unsubscribes). The client's own per-subscription queue
     * ({@code RedisClientBuilder.pubSubQueue}) sits in front of this one.
     */
    public ReactiveOptions pubSubBuffer(int messages, BufferOverflowStrategy overflow) {
        return new ReactiveOptions(commandObserver, messages, overflow, droppedMessages);
    }

    /** Receives each pub/sub message a full buffer dropped. */
    public ReactiveOptions droppedMessages(Consumer<PubSubMessage> listener) {
        return new ReactiveOptions(commandObserver, pubSubBuffer, pubSubOverflow, listener);
    }
}
