package io.fastpath;

import java.util.List;

/** HyperLogLogs, blocking. See {@link HyperLogLogCommandBuilder} for each command's reply. */
public interface HyperLogLogCommands<K, V> extends SyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default boolean pfadd(K key, V... elements) {
        return execute(commands().pfadd(key, elements));
    }

    default boolean pfadd(K key, List<V> elements) {
        return execute(commands().pfadd(key, elements));
    }

    @SuppressWarnings("unchecked")
    default long pfcount(K... keys) {
        return execute(commands().pfcount(keys));
    }

    default long pfcount(List<K> keys) {
        return execute(commands().pfcount(keys));
    }

    default void pfmerge(K destination, List<K> sources) {
        execute(commands().pfmerge(destination, sources));
    }
}
