package io.fastpath;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** Sets, asynchronously. See {@link SetCommandBuilder} for each command's reply. */
public interface SetAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> sadd(K key, V... members) {
        return dispatch(commands().sadd(key, members));
    }

    default CompletableFuture<Long> sadd(K key, List<V> members) {
        return dispatch(commands().sadd(key, members));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> srem(K key, V... members) {
        return dispatch(commands().srem(key, members));
    }

    default CompletableFuture<Long> srem(K key, List<V> members) {
        return dispatch(commands().srem(key, members));
    }

    default CompletableFuture<Set<V>> smembers(K key) {
        return dispatch(commands().smembers(key));
    }

    default CompletableFuture<Boolean> sismember(K key, V member) {
        return dispatch(commands().sismember(key, member));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<List<Boolean>> smismember(K key, V... members) {
        return dispatch(commands().smismember(key, members));
    }

    default CompletableFuture<List<Boolean>> smismember(K key, List<V> members) {
        return dispatch(commands().smismember(key, members));
    }

    default CompletableFuture<Long> scard(K key) {
        return dispatch(commands().scard(key));
    }

    default CompletableFuture<V> spop(K key) {
        return dispatch(commands().spop(key));
    }

    default CompletableFuture<Set<V>> spop(K key, long count) {
        return dispatch(commands().spop(key, count));
    }

    default CompletableFuture<V> srandMember(K key) {
        return dispatch(commands().srandMember(key));
    }

    default CompletableFuture<List<V>> srandMember(K key, long count) {
        return dispatch(commands().srandMember(key, count));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Set<V>> sinter(K... keys) {
        return dispatch(commands().sinter(keys));
    }

    default CompletableFuture<Set<V>> sinter(List<K> keys) {
        return dispatch(commands().sinter(keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Set<V>> sunion(K... keys) {
        return dispatch(commands().sunion(keys));
    }

    default CompletableFuture<Set<V>> sunion(List<K> keys) {
        return dispatch(commands().sunion(keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Set<V>> sdiff(K... keys) {
        return dispatch(commands().sdiff(keys));
    }

    default CompletableFuture<Set<V>> sdiff(List<K> keys) {
        return dispatch(commands().sdiff(keys));
    }

    default CompletableFuture<Long> sinterStore(K destination, List<K> keys) {
        return dispatch(commands().sinterStore(destination, keys));
    }

    default CompletableFuture<Long> sunionStore(K destination, List<K> keys) {
        return dispatch(commands().sunionStore(destination, keys));
    }

    default CompletableFuture<Long> sdiffStore(K destination, List<K> keys) {
        return dispatch(commands().sdiffStore(destination, keys));
    }

    default CompletableFuture<Long> sinterCard(List<K> keys) {
        return dispatch(commands().sinterCard(keys));
    }

    default CompletableFuture<Long> sinterCard(List<K> keys, long limit) {
        return dispatch(commands().sinterCard(keys, limit));
    }

    default CompletableFuture<Boolean> smove(K source, K destination, V member) {
        return dispatch(commands().smove(source, destination, member));
    }

    default CompletableFuture<ScanPage<V>> sscanPage(K key, String cursor, ScanArgs options) {
        return dispatch(commands().sscanPage(key, cursor, options));
    }
}
