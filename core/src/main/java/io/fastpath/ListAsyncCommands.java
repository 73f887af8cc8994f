package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Lists (non-blocking commands), asynchronously. See {@link ListCommandBuilder} for each command's reply. */
public interface ListAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> lpush(K key, V... values) {
        return dispatch(commands().lpush(key, values));
    }

    default CompletableFuture<Long> lpush(K key, List<V> values) {
        return dispatch(commands().lpush(key, values));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> rpush(K key, V... values) {
        return dispatch(commands().rpush(key, values));
    }

    default CompletableFuture<Long> rpush(K key, List<V> values) {
        return dispatch(commands().rpush(key, values));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> lpushx(K key, V... values) {
        return dispatch(commands().lpushx(key, values));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> rpushx(K key, V... values) {
        return dispatch(commands().rpushx(key, values));
    }

    default CompletableFuture<V> lpop(K key) {
        return dispatch(commands().lpop(key));
    }

    default CompletableFuture<List<V>> lpop(K key, long count) {
        return dispatch(commands().lpop(key, count));
    }

    default CompletableFuture<V> rpop(K key) {
        return dispatch(commands().rpop(key));
    }

    default CompletableFuture<List<V>> rpop(K key, long count) {
        return dispatch(commands().rpop(key, count));
    }

    default CompletableFuture<List<V>> lrange(K key, long start, long stop) {
        return dispatch(commands().lrange(key, start, stop));
    }

    default CompletableFuture<Long> llen(K key) {
        return dispatch(commands().llen(key));
    }

    default CompletableFuture<V> lindex(K key, long index) {
        return dispatch(commands().lindex(key, index));
    }

    default CompletableFuture<Void> lset(K key, long index, V value) {
        return dispatch(commands().lset(key, index, value));
    }

    default CompletableFuture<Long> lrem(K key, long count, V value) {
        return dispatch(commands().lrem(key, count, value));
    }

    default CompletableFuture<Void> ltrim(K key, long start, long stop) {
        return dispatch(commands().ltrim(key, start, stop));
    }

    default CompletableFuture<Long> linsert(K key, InsertPosition position, V pivot, V value) {
        return dispatch(commands().linsert(key, position, pivot, value));
    }

    default CompletableFuture<Long> lpos(K key, V value) {
        return dispatch(commands().lpos(key, value));
    }

    default CompletableFuture<Long> lpos(K key, V value, LPosArgs options) {
        return dispatch(commands().lpos(key, value, options));
    }

    default CompletableFuture<List<Long>> lpos(K key, V value, long count, LPosArgs options) {
        return dispatch(commands().lpos(key, value, count, options));
    }

    default CompletableFuture<V> lmove(K source, K destination, ListSide from, ListSide to) {
        return dispatch(commands().lmove(source, destination, from, to));
    }

    default CompletableFuture<KeyedValues<K, V>> lmpop(List<K> keys, ListSide side, long count) {
        return dispatch(commands().lmpop(keys, side, count));
    }
}
