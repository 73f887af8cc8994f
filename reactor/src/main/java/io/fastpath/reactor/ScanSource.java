package io.fastpath.reactor;

import io.fastpath.command.Command;
import io.fastpath.command.ScanPage;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import reactor.util.context.ContextView;

/** A SCAN-family iteration: one page per command, from the initial cursor until the server returns cursor 0. */
final class ScanSource<T> implements PageSource<T> {
    private final ReactiveEngine engine;
    private final Function<String, Command<ScanPage<T>>> pageAt;
    private String cursor = ScanPage.INITIAL_CURSOR; // the PagedFlux asks for one page at a time

    ScanSource(ReactiveEngine engine, Function<String, Command<ScanPage<T>>> pageAt) {
        this.engine = engine;
        this.pageAt = pageAt;
    }

    @Override
    public CompletableFuture<Page<T>> next(long demand, ContextView context) {
        return ReactiveEngine.mapped(engine.send(pageAt.apply(cursor), context), page -> {
            cursor = page.cursor();
            return new Page<>(page.elements(), page.isLast());
        });
    }
}
