package io.fastpath;

import java.util.List;

/** Lists (non-blocking commands), blocking. See {@link ListCommandBuilder} for each command's reply. */
public interface ListCommands<K, V> extends SyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default long lpush(K key, V... values) {
        return execute(commands().lpush(key, values));
    }

    default long lpush(K key, List<V> values) {
        return execute(commands().lpush(key, values));
    }

    @SuppressWarnings("unchecked")
    default long rpush(K key, V... values) {
        return execute(commands().rpush(key, values));
    }

    default long rpush(K key, List<V> values) {
        return execute(commands().rpush(key, values));
    }

    @SuppressWarnings("unchecked")
    default long lpushx(K key, V... values) {
        return execute(commands().lpushx(key, values));
    }

    @SuppressWarnings("unchecked")
    default long rpushx(K key, V... values) {
        return execute(commands().rpushx(key, values));
    }

    default V lpop(K key) {
        return execute(commands().lpop(key));
    }

    default List<V> lpop(K key, long count) {
        return execute(commands().lpop(key, count));
    }

    default V rpop(K key) {
        return execute(commands().rpop(key));
    }

    default List<V> rpop(K key, long count) {
        return execute(commands().rpop(key, count));
    }

    default List<V> lrange(K key, long start, long stop) {
        return execute(commands().lrange(key, start, stop));
    }

    default long llen(K key) {
        return execute(commands().llen(key));
    }

    default V lindex(K key, long index) {
        return execute(commands().lindex(key, index));
    }

    default void lset(K key, long index, V value) {
        execute(commands().lset(key, index, value));
    }

    default long lrem(K key, long count, V value) {
        return execute(commands().lrem(key, count, value));
    }

    default void ltrim(K key, long start, long stop) {
        execute(commands().ltrim(key, start, stop));
    }

    default long linsert(K key, InsertPosition position, V pivot, V value) {
        return execute(commands().linsert(key, position, pivot, value));
    }

    default Long lpos(K key, V value) {
        return execute(commands().lpos(key, value));
    }

    default Long lpos(K key, V value, LPosArgs options) {
        return execute(commands().lpos(key, value, options));
    }

    default List<Long> lpos(K key, V value, long count, LPosArgs options) {
        return execute(commands().lpos(key, value, count, options));
    }

    default V lmove(K source, K destination, ListSide from, ListSide to) {
        return execute(commands().lmove(source, destination, from, to));
    }

    default KeyedValues<K, V> lmpop(List<K> keys, ListSide side, long count) {
        return execute(commands().lmpop(keys, side, count));
    }
}
