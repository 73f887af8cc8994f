package io.fastpath.reactor;

import io.fastpath.command.Command;
import io.fastpath.RedisAsyncCommands;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import reactor.util.context.ContextView;

/**
 * Hands commands to the client's async view, telling the {@link CommandObserver}. Thread-safe; one per client, and one
 * more per {@code withTimeout} view (over the async view of that timeout).
 */
final class ReactiveEngine {
    private final RedisAsyncCommands<?, ?> client;
    private final ReactiveOptions options;

    ReactiveEngine(RedisAsyncCommands<?, ?> client, ReactiveOptions options) {
        this.client = client;
        this.options = options;
    }

    ReactiveOptions options() {
        return options;
    }

    /** This engine over the client's async view with {@code timeout}, which core checks before anything is sent. */
    ReactiveEngine withTimeout(Duration timeout) {
        return new ReactiveEngine(client.withTimeout(timeout), options);
    }

    /** Sends now, on the calling thread; the future is the client's own, so cancelling it before the write sends nothing. */
    <T> CompletableFuture<T> send(Command<T> command, ContextView context) {
        CommandObserver.Observation observation = options.commandObserver().onSend(command, context);
        CompletableFuture<T> reply = client.dispatch(command);
        if (observation != CommandObserver.Observation.NONE) {
            reply.whenComplete((value, failure) -> observation.onEnd(failure == null ? null : unwrap(failure)));
        }
        return reply;
    }

    /**
     * {@code sent}'s reply through {@code mapping}, as a future whose cancel reaches {@code sent} (a plain
     * dependent stage would leave the command to be written).
     */
    static <A, B> CompletableFuture<B> mapped(CompletableFuture<A> sent, Function<A, B> mapping) {
        CompletableFuture<B> result = sent.thenApply(mapping);
        result.whenComplete((value, failure) -> {
            if (result.isCancelled()) {
                sent.cancel(false);
            }
        });
        return result;
    }

    /** The failure itself, without the CompletionException a dependent stage wraps it in. */
    static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
