package io.fastpath;

import java.util.concurrent.CompletableFuture;

/** Publishing, asynchronously. See {@link PubSubCommandBuilder} for each command's reply. */
public interface PubSubAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Long> publish(K channel, V message) {
        return dispatch(commands().publish(channel, message));
    }

    default CompletableFuture<Long> spublish(K shardChannel, V message) {
        return dispatch(commands().spublish(shardChannel, message));
    }
}
