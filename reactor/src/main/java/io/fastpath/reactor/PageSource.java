package io.fastpath.reactor;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.util.context.ContextView;

/**
 * Where a {@link PagedFlux} gets its elements: one command per page, asked for one at a time. Holds the iteration's
 * position (a cursor, the last entry ID), so a new one is made for each subscription.
 */
interface PageSource<T> {

    /**
     * Sends the command for the next page. {@code demand} is what the subscriber still wants (at least 1;
     * {@code Long.MAX_VALUE} for unbounded): a source whose command takes a COUNT asks for no more than that.
     */
    CompletableFuture<Page<T>> next(long demand, ContextView context);

    /** One page; {@code last} ends the Flux once its elements are emitted. */
    record Page<T>(List<T> elements, boolean last) {}
}
