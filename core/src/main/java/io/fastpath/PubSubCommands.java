package io.fastpath;

/** Publishing, blocking. See {@link PubSubCommandBuilder} for each command's reply. */
public interface PubSubCommands<K, V> extends SyncDispatcher<K, V> {

    default long publish(K channel, V message) {
        return execute(commands().publish(channel, message));
    }

    default long spublish(K shardChannel, V message) {
        return execute(commands().spublish(shardChannel, message));
    }
}
