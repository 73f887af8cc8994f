package io.fastpath.reactor;

import io.fastpath.command.CommandBuilder;
import io.fastpath.command.StreamEntry;
import java.util.concurrent.CompletableFuture;
import reactor.util.context.ContextView;

/** XRANGE in pages of no more entries than the subscriber still wants, each page starting after the last ID seen. */
final class StreamRangeSource<K, V> implements PageSource<StreamEntry<K, V>> {
    private final ReactiveEngine engine;
    private final CommandBuilder<K, V> commands;
    private final K stream;
    private final String end;
    private String start; // the PagedFlux asks for one page at a time

    StreamRangeSource(ReactiveEngine engine, CommandBuilder<K, V> commands, K stream, String start, String end) {
        this.engine = engine;
        this.commands = commands;
        this.stream = stream;
        this.start = start;
        this.end = end;
    }

    @Override
    public CompletableFuture<Page<StreamEntry<K, V>>> next(long demand, ContextView context) {
        long count = Math.min(demand, StreamSource.MAX_BATCH);
        return ReactiveEngine.mapped(engine.send(commands.xrange(stream, start, end, count), context), entries -> {
            if (!entries.isEmpty()) {
                start = "(" + entries.get(entries.size() - 1).id(); // exclusive: the next page starts after it
            }
            return new Page<>(entries, entries.size() < count);
        });
    }
}
