package io.fastpath.reactor;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.command.ScanPage;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** What every reactive command group stands on: sending a built {@link Command} when a subscriber asks for its reply. */
public interface ReactiveDispatcher<K, V> {

    /**
     * The reply of {@code command} as a {@link Mono}. Each subscription sends the command once, when the subscriber
     * first requests, never before; cancelling before the command was written to a connection sends nothing (after
     * that, the server runs it and the reply is dropped). A null reply completes the Mono empty; a failure is the
     * command's {@link io.fastpath.RedisException}. Signals arrive on the client's completion executor (never on an
     * I/O thread unless the client was built with {@code directCompletion()}), or on the requesting thread when the
     * reply was already there. The subscriber's {@link reactor.util.context.Context} reaches the
     * {@link CommandObserver} as the command is sent.
     */
    <T> Mono<T> execute(Command<T> command);

    /**
     * A SCAN-family iteration as one {@link Flux}: {@code pageAt} builds the page command for a cursor. A page is
     * fetched only when the subscriber wants more and every element of the previous page was emitted, so at most
     * one page is held, whatever the demand.
     */
    <T> Flux<T> scanPages(Function<String, Command<ScanPage<T>>> pageAt);

    /** Builds commands for this view's key and value types. */
    CommandBuilder<K, V> commands();
}
