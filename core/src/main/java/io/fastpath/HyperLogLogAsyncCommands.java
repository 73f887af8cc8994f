package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** HyperLogLogs, asynchronously. See {@link HyperLogLogCommandBuilder} for each command's reply. */
public interface HyperLogLogAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default CompletableFuture<Boolean> pfadd(K key, V... elements) {
        return dispatch(commands().pfadd(key, elements));
    }

    default CompletableFuture<Boolean> pfadd(K key, List<V> elements) {
        return dispatch(commands().pfadd(key, elements));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> pfcount(K... keys) {
        return dispatch(commands().pfcount(keys));
    }

    default CompletableFuture<Long> pfcount(List<K> keys) {
        return dispatch(commands().pfcount(keys));
    }

    default CompletableFuture<Void> pfmerge(K destination, List<K> sources) {
        return dispatch(commands().pfmerge(destination, sources));
    }
}
