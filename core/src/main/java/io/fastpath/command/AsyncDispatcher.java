package io.fastpath.command;

import java.util.concurrent.CompletableFuture;

/** What every async command group stands on: dispatching a built {@link Command}. */
public interface AsyncDispatcher<K, V> {

    /**
     * Sends the command and returns its future. Completes on the client's completion executor (never
     * on an I/O thread unless direct completion was configured), exactly once.
     */
    <T> CompletableFuture<T> dispatch(Command<T> command);

    /** Builds commands for this view's key and value types. */
    CommandBuilder<K, V> commands();
}
