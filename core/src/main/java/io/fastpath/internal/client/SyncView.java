package io.fastpath.internal.client;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.RedisAsyncCommands;
import io.fastpath.RedisCommands;
import java.time.Duration;

/**
 * The blocking commands of one codec and one command timeout over a shared {@link ClientCore}: the binary view, a
 * user codec's ({@code withCodec}) and every {@code withTimeout} view. Holding the timeout here keeps a command's
 * cost what it was: the view hands its nanoseconds to the core, which sets the deadline from them.
 *
 * <p>Thread ownership: immutable; any thread.
 */
public final class SyncView<K, V> implements RedisCommands<K, V> {
    private final ClientCore core;
    private final CommandBuilder<K, V> commands;
    /** Checked by {@link CommandTimeout} before this view exists. */
    private final long timeoutNanos;
    private final AsyncView<K, V> async;

    /** The view with the client's own command timeout. */
    public SyncView(ClientCore core, CommandBuilder<K, V> commands) {
        this(core, commands, core.commandTimeoutNanos());
    }

    private SyncView(ClientCore core, CommandBuilder<K, V> commands, long timeoutNanos) {
        this.core = core;
        this.commands = commands;
        this.timeoutNanos = timeoutNanos;
        this.async = new AsyncView<>(core, commands, timeoutNanos);
    }

    @Override
    public <T> T execute(Command<T> command) {
        return core.execute(command, timeoutNanos);
    }

    @Override
    public CommandBuilder<K, V> commands() {
        return commands;
    }

    /** GET; with the client-side cache on, a hit is answered before any command is built (see ClientCore#get). */
    @Override
    public V get(K key) {
        return core.get(commands, key, timeoutNanos);
    }

    @Override
    public RedisAsyncCommands<K, V> async() {
        return async;
    }

    @Override
    public RedisCommands<K, V> withTimeout(Duration timeout) {
        long nanos = CommandTimeout.nanos("withTimeout", timeout);
        return nanos == timeoutNanos ? this : new SyncView<>(core, commands, nanos);
    }

    @Override
    public String toString() {
        return "RedisCommands[timeout " + Duration.ofNanos(timeoutNanos) + "]";
    }
}
