package io.fastpath.internal.client;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The async commands of one codec and one command timeout over a shared {@link ClientCore} (see {@link SyncView}).
 *
 * <p>Thread ownership: immutable; any thread.
 */
final class AsyncView<K, V> implements RedisAsyncCommands<K, V> {
    private final ClientCore core;
    private final CommandBuilder<K, V> commands;
    /** Checked by {@link CommandTimeout} before this view exists. */
    private final long timeoutNanos;

    /** The view with the client's own command timeout. */
    public AsyncView(ClientCore core, CommandBuilder<K, V> commands) {
        this(core, commands, core.commandTimeoutNanos());
    }

    AsyncView(ClientCore core, CommandBuilder<K, V> commands, long timeoutNanos) {
        this.core = core;
        this.commands = commands;
        this.timeoutNanos = timeoutNanos;
    }

    @Override
    public <T> CompletableFuture<T> dispatch(Command<T> command) {
        return core.dispatch(command, timeoutNanos);
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }

    @Override
    public RedisAsyncCommands<K, V> withTimeout(Duration timeout) {
        long nanos = CommandTimeout.nanos("withTimeout", timeout);
        return nanos == timeoutNanos ? this : new AsyncView<>(core, commands, nanos);
    }

    @Override
    public String toString() {
        return "RedisAsyncCommands[timeout " + Duration.ofNanos(timeoutNanos) + "]";
    }
}
