package io.fastpath.reactor;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.command.ScanPage;
import io.fastpath.command.StreamEntry;
import java.time.Duration;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The reactive commands of one codec (and one timeout: the engine's) over a client's {@link ReactiveEngine}. Thread-safe. */
final class ReactiveView<K, V> implements RedisReactiveCommands<K, V> {
    private final ReactiveEngine engine;
    private final CommandBuilder<K, V> commands;

    ReactiveView(ReactiveEngine engine, CommandBuilder<K, V> commands) {
        this.engine = engine;
        this.commands = commands;
    }

    @Override
    public <T> Mono<T> execute(Command<T> command) {
        return new CommandMono<>(engine, command);
    }

    @Override
    public <T> Flux<T> scanPages(Function<String, Command<ScanPage<T>>> pageAt) {
        return new PagedFlux<>(() -> new ScanSource<>(engine, pageAt));
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }

    @Override
    public Flux<StreamEntry<K, V>> xrangeFlux(K stream, String start, String end) {
        return new PagedFlux<>(() -> new StreamRangeSource<>(engine, commands, stream, start, end));
    }

    @Override
    public Flux<StreamEntry<K, V>> xreadFlux(K stream, String afterId, Duration block) {
        return new PagedFlux<>(() -> StreamSource.after(engine, commands, stream, afterId, block));
    }

    @Override
    public Flux<StreamEntry<K, V>> xreadGroupFlux(K stream, String group, String consumer, Duration block) {
        return new PagedFlux<>(() -> StreamSource.forGroup(engine, commands, stream, group, consumer, block));
    }

    @Override
    public RedisReactiveCommands<K, V> withTimeout(Duration timeout) {
        return new ReactiveView<>(engine.withTimeout(timeout), commands);
    }
}
