package io.fastpath.internal.client;

import io.fastpath.Command;
import io.fastpath.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import io.fastpath.RedisCommands;

/** The blocking commands of one codec over a shared {@link ClientCore}. */
public final class SyncView<K, V> implements RedisCommands<K, V> {
    private final ClientCore core;
    private final CommandBuilder<K, V> commands;
    private final AsyncView<K, V> async;

    public SyncView(ClientCore core, CommandBuilder<K, V> commands) {
        this.core = core;
        this.commands = commands;
        this.async = new AsyncView<>(core, commands);
    }

    @Override
    public <T> T execute(Command<T> command) {
        return core.execute(command);
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }

    @Override
    public RedisAsyncCommands<K, V> async() {
        return async;
    }
}
