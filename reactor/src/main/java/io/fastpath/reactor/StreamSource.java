package io.fastpath.reactor;

import io.fastpath.command.CommandBuilder;
import io.fastpath.command.StreamEntries;
import io.fastpath.command.StreamEntry;
import io.fastpath.command.StreamOffset;
import io.fastpath.command.StreamReadArgs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.util.context.ContextView;

/**
 * Reads one stream with XREAD BLOCK (after an ID) or XREADGROUP BLOCK (entries new to a consumer group), each read
 * asking for no more entries than the subscriber still wants ({@value #MAX_BATCH} at most). Never ends: a read
 * that times out empty is followed by the next while there is demand.
 */
final class StreamSource<K, V> implements PageSource<StreamEntry<K, V>> {
    /** Entries one read asks for at most, however large the demand. */
    static final int MAX_BATCH = 512;
    /** The ID that means "entries added from now on"; resolved once to the stream's last ID so none is missed between reads. */
    private static final String NEW_ENTRIES = "$";

    private final ReactiveEngine engine;
    private final CommandBuilder<K, V> commands;
    private final K stream;
    private final Duration block;
    /** Null for XREAD; the group and consumer for XREADGROUP. */
    private final String group;
    private final String consumer;
    private String afterId; // the PagedFlux asks for one read at a time

    private StreamSource(ReactiveEngine engine, CommandBuilder<K, V> commands, K stream, String afterId, Duration block,
                         String group, String consumer) {
        this.engine = engine;
        this.commands = commands;
        this.stream = stream;
        this.afterId = afterId;
        this.block = block;
        this.group = group;
        this.consumer = consumer;
    }

    static <K, V> StreamSource<K, V> after(ReactiveEngine engine, CommandBuilder<K, V> commands, K stream, String afterId,
                                           Duration block) {
        StreamOffset.after(stream, afterId); // an empty ID fails here, on subscription, before anything is sent
        return new StreamSource<>(engine, commands, stream, afterId, block, null, null);
    }

    static <K, V> StreamSource<K, V> forGroup(ReactiveEngine engine, CommandBuilder<K, V> commands, K stream, String group,
                                              String consumer, Duration block) {
        return new StreamSource<>(engine, commands, stream, ">", block, group, consumer);
    }

    @Override
    public CompletableFuture<Page<StreamEntry<K, V>>> next(long demand, ContextView context) {
        if (NEW_ENTRIES.equals(afterId)) {
            return ReactiveEngine.mapped(engine.send(commands.xrevrange(stream, "+", "-", 1), context), newest -> {
                afterId = newest.isEmpty() ? "0-0" : newest.get(0).id();
                return new Page<>(List.of(), false);
            });
        }
        StreamReadArgs count = StreamReadArgs.none().count(Math.min(demand, MAX_BATCH));
        List<StreamOffset<K>> offsets = List.of(StreamOffset.after(stream, afterId));
        var read = group == null
                ? commands.xread(block, count, offsets)
                : commands.xreadGroup(block, group, consumer, count, offsets);
        return ReactiveEngine.mapped(engine.send(read, context), this::entries);
    }

    private Page<StreamEntry<K, V>> entries(List<StreamEntries<K, V>> streams) {
        List<StreamEntry<K, V>> entries = new ArrayList<>();
        for (StreamEntries<K, V> read : streams) {
            entries.addAll(read.entries());
        }
        if (group == null && !entries.isEmpty()) {
            afterId = entries.get(entries.size() - 1).id();
        }
        return new Page<>(entries, false);
    }
}
