package io.fastpath;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Strings, asynchronously. See {@link StringCommandBuilder} for each command's reply. */
public interface StringAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<V> get(K key) {
        return dispatch(commands().get(key));
    }

    default CompletableFuture<Boolean> set(K key, V value) {
        return dispatch(commands().set(key, value));
    }

    default CompletableFuture<Boolean> set(K key, V value, SetArgs options) {
        return dispatch(commands().set(key, value, options));
    }

    default CompletableFuture<V> setGet(K key, V value, SetArgs options) {
        return dispatch(commands().setGet(key, value, options));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<List<V>> mget(K... keys) {
        return dispatch(commands().mget(keys));
    }

    default CompletableFuture<List<V>> mget(List<K> keys) {
        return dispatch(commands().mget(keys));
    }

    default CompletableFuture<Void> mset(Map<K, V> entries) {
        return dispatch(commands().mset(entries));
    }

    default CompletableFuture<Boolean> msetnx(Map<K, V> entries) {
        return dispatch(commands().msetnx(entries));
    }

    default CompletableFuture<Long> incr(K key) {
        return dispatch(commands().incr(key));
    }

    default CompletableFuture<Long> incrBy(K key, long increment) {
        return dispatch(commands().incrBy(key, increment));
    }

    default CompletableFuture<Double> incrByFloat(K key, double increment) {
        return dispatch(commands().incrByFloat(key, increment));
    }

    default CompletableFuture<Long> decr(K key) {
        return dispatch(commands().decr(key));
    }

    default CompletableFuture<Long> decrBy(K key, long decrement) {
        return dispatch(commands().decrBy(key, decrement));
    }

    default CompletableFuture<Long> append(K key, V value) {
        return dispatch(commands().append(key, value));
    }

    default CompletableFuture<V> getDel(K key) {
        return dispatch(commands().getDel(key));
    }

    default CompletableFuture<V> getEx(K key, GetExArgs expiry) {
        return dispatch(commands().getEx(key, expiry));
    }

    default CompletableFuture<Long> strlen(K key) {
        return dispatch(commands().strlen(key));
    }

    default CompletableFuture<V> getRange(K key, long start, long end) {
        return dispatch(commands().getRange(key, start, end));
    }

    default CompletableFuture<Long> setRange(K key, long offset, V value) {
        return dispatch(commands().setRange(key, offset, value));
    }
}
