package io.fastpath.internal.client;

import io.fastpath.Command;
import io.fastpath.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import io.fastpath.RedisCommands;
import io.fastpath.internal.cache.ClientSideCache;

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

    /** GET; with the client-side cache on, a hit is answered before any command is built. */
    @Override
    @SuppressWarnings("unchecked")
    public V get(K key) {
        Object cached = core.cachedGet(commands, key);
        return cached != ClientSideCache.MISS ? (V) cached : RedisCommands.super.get(key);
    }

    @Override
    public RedisAsyncCommands<K, V> async() {
        return async;
    }
}
