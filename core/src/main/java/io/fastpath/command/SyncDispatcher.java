package io.fastpath.command;

import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisServerException;
import io.fastpath.RedisTimeoutException;

/** What every blocking command group stands on: executing a built {@link Command} and awaiting it. */
public interface SyncDispatcher<K, V> {

    /**
     * Sends the command and waits for its result, throwing the command's failure: {@link RedisServerException},
     * {@link RedisTimeoutException}, {@link RedisNotSentException}, {@link RedisOutcomeUnknownException}...
     */
    <T> T execute(Command<T> command);

    /** Builds commands for this view's key and value types. */
    CommandBuilder<K, V> commands();
}
