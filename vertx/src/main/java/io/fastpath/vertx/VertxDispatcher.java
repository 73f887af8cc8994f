package io.fastpath.vertx;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.vertx.core.Future;

/** What every Vert.x command group stands on: sending a built {@link Command} and handing its reply to the caller's context. */
public interface VertxDispatcher<K, V> {

    /**
     * Sends {@code command} now, without blocking, and returns its reply as a {@link Future} whose callbacks run on
     * the context that called this method: the verticle's event loop, or its worker context (a caller outside Vert.x
     * gets a context of the client's Vert.x instance). Fails with the command's {@link io.fastpath.RedisException}.
     */
    <T> Future<T> execute(Command<T> command);

    /** Builds commands for this view's key and value types. */
    CommandBuilder<K, V> commands();
}
