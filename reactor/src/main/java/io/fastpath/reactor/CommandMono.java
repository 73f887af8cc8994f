package io.fastpath.reactor;

import io.fastpath.command.Command;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

/**
 * One command's reply: sent on the first request of each subscription, so nothing leaves before a subscriber
 * asks, and a cancel before the client wrote it leaves nothing to send (the client skips a cancelled command it
 * has not written yet).
 */
final class CommandMono<T> extends Mono<T> {
    private final ReactiveEngine engine;
    private final Command<T> command;

    CommandMono(ReactiveEngine engine, Command<T> command) {
        this.engine = engine;
        this.command = command;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        actual.onSubscribe(new CommandSubscription<>(actual, engine, command));
    }

    /** NEW -> SENDING -> SENT -> DONE, or CANCELLED from any of the first three. */
    static final class CommandSubscription<T> implements Subscription, BiConsumer<T, Throwable> {
        private static final int NEW = 0;
        private static final int SENDING = 1;
        private static final int SENT = 2;
        private static final int DONE = 3;
        private static final int CANCELLED = 4;
        @SuppressWarnings("rawtypes")
        private static final AtomicIntegerFieldUpdater<CommandSubscription> STATE =
                AtomicIntegerFieldUpdater.newUpdater(CommandSubscription.class, "state");

        private final CoreSubscriber<? super T> actual;
        private final ReactiveEngine engine;
        private final Command<T> command;
        // Any thread: the state; the reply future, written before SENDING -> SENT publishes it.
        private volatile int state;
        private volatile CompletableFuture<T> reply;

        CommandSubscription(CoreSubscriber<? super T> actual, ReactiveEngine engine, Command<T> command) {
            this.actual = actual;
            this.engine = engine;
            this.command = command;
        }

        @Override
        public void request(long n) {
            if (n <= 0) { // rule 3.9: reported, and the subscription ends
                int previous = STATE.getAndSet(this, CANCELLED);
                if (previous == SENT) {
                    reply.cancel(false);
                }
                if (previous < DONE) {
                    actual.onError(Exceptions.nullOrNegativeRequestException(n));
                }
                return;
            }
            if (!STATE.compareAndSet(this, NEW, SENDING)) {
                return; // already sent, or cancelled: one command per subscription
            }
            CompletableFuture<T> sent;
            try {
                sent = engine.send(command, actual.currentContext());
            } catch (RuntimeException refused) { // a command refused before sending, e.g. on a closed client
                if (STATE.compareAndSet(this, SENDING, DONE)) {
                    actual.onError(refused);
                }
                return;
            }
            reply = sent;
            if (!STATE.compareAndSet(this, SENDING, SENT)) {
                sent.cancel(false); // cancelled while sending: the client drops it if it has not been written yet
                return;
            }
            sent.whenComplete(this);
        }

        @Override
        public void cancel() {
            if (STATE.getAndSet(this, CANCELLED) == SENT) {
                reply.cancel(false);
            }
        }

        /** The reply, on the client's completion executor (or the requesting thread if it was already there). */
        @Override
        public void accept(T value, Throwable failure) {
            if (!STATE.compareAndSet(this, SENT, DONE)) {
                return; // cancelled meanwhile
            }
            if (failure != null) {
                actual.onError(ReactiveEngine.unwrap(failure));
                return;
            }
            if (value != null) {
                actual.onNext(value);
            }
            actual.onComplete();
        }
    }
}
