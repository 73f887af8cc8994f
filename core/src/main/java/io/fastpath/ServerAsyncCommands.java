package io.fastpath;

import java.util.concurrent.CompletableFuture;

/** Connection and server commands, asynchronously. */
public interface ServerAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<String> ping() {
        return dispatch(commands().ping());
    }

    default CompletableFuture<V> echo(V message) {
        return dispatch(commands().echo(message));
    }

    default CompletableFuture<Long> dbsize() {
        return dispatch(commands().dbsize());
    }

    default CompletableFuture<Void> flushdb() {
        return dispatch(commands().flushdb());
    }

    default CompletableFuture<Void> flushall() {
        return dispatch(commands().flushall());
    }

    default CompletableFuture<String> info(String section) {
        return dispatch(commands().info(section));
    }

    /** Any command, as words (see {@link GenericCommandBuilder#command}); the raw reply, or the server's error. */
    default CompletableFuture<Reply> send(Object... words) {
        return dispatch(commands().command(words));
    }
}
