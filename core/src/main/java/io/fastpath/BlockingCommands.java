package io.fastpath;

import java.time.Duration;
import java.util.List;

/**
 * Commands that make the server wait, blocking the caller; each runs on a pooled dedicated connection,
 * never a shared one. See {@link BlockingCommandBuilder} for each command's reply and timeout rules.
 */
public interface BlockingCommands<K, V> extends SyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default KeyValue<K, V> blpop(Duration timeout, K... keys) {
        return execute(commands().blpop(timeout, keys));
    }

    default KeyValue<K, V> blpop(Duration timeout, List<K> keys) {
        return execute(commands().blpop(timeout, keys));
    }

    @SuppressWarnings("unchecked")
    default KeyValue<K, V> brpop(Duration timeout, K... keys) {
        return execute(commands().brpop(timeout, keys));
    }

    default KeyValue<K, V> brpop(Duration timeout, List<K> keys) {
        return execute(commands().brpop(timeout, keys));
    }

    default V blmove(K source, K destination, ListSide from, ListSide to, Duration timeout) {
        return execute(commands().blmove(source, destination, from, to, timeout));
    }

    default KeyedValues<K, V> blmpop(Duration timeout, List<K> keys, ListSide side, long count) {
        return execute(commands().blmpop(timeout, keys, side, count));
    }

    default KeyValue<K, ScoredValue<V>> bzpopmin(Duration timeout, List<K> keys) {
        return execute(commands().bzpopmin(timeout, keys));
    }

    default KeyValue<K, ScoredValue<V>> bzpopmax(Duration timeout, List<K> keys) {
        return execute(commands().bzpopmax(timeout, keys));
    }

    default List<StreamEntries<K, V>> xread(Duration block, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return execute(commands().xread(block, options, streams));
    }

    default List<StreamEntries<K, V>> xreadGroup(Duration block, String group, String consumer, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return execute(commands().xreadGroup(block, group, consumer, options, streams));
    }

    default long waitForReplicas(long replicas, Duration timeout) {
        return execute(commands().waitForReplicas(replicas, timeout));
    }
}
