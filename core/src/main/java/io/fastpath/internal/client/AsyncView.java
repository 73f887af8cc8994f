package io.fastpath.internal.client;

import io.fastpath.Command;
import io.fastpath.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import java.util.concurrent.CompletableFuture;

/** The async commands of one codec over a shared {@link ClientCore}. */
public final class AsyncView<K, V> implements RedisAsyncCommands<K, V> {
    private final ClientCore core;
    private final CommandBuilder<K, V> commands;

    public AsyncView(ClientCore core, CommandBuilder<K, V> commands) {
        this.core = core;
        this.commands = commands;
    }

    @Override
    public <T> CompletableFuture<T> dispatch(Command<T> command) {
        return core.dispatch(command);
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }
}
