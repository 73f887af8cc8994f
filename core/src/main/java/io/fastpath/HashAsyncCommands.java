package io.fastpath;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Hashes, asynchronously. See {@link HashCommandBuilder} for each command's reply. */
public interface HashAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Boolean> hset(K key, K field, V value) {
        return dispatch(commands().hset(key, field, value));
    }

    default CompletableFuture<Long> hset(K key, Map<K, V> entries) {
        return dispatch(commands().hset(key, entries));
    }

    default CompletableFuture<Boolean> hsetnx(K key, K field, V value) {
        return dispatch(commands().hsetnx(key, field, value));
    }

    default CompletableFuture<V> hget(K key, K field) {
        return dispatch(commands().hget(key, field));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<List<V>> hmget(K key, K... fields) {
        return dispatch(commands().hmget(key, fields));
    }

    default CompletableFuture<List<V>> hmget(K key, List<K> fields) {
        return dispatch(commands().hmget(key, fields));
    }

    default CompletableFuture<Map<K, V>> hgetAll(K key) {
        return dispatch(commands().hgetAll(key));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> hdel(K key, K... fields) {
        return dispatch(commands().hdel(key, fields));
    }

    default CompletableFuture<Long> hdel(K key, List<K> fields) {
        return dispatch(commands().hdel(key, fields));
    }

    default CompletableFuture<Boolean> hexists(K key, K field) {
        return dispatch(commands().hexists(key, field));
    }

    default CompletableFuture<Long> hlen(K key) {
        return dispatch(commands().hlen(key));
    }

    default CompletableFuture<List<K>> hkeys(K key) {
        return dispatch(commands().hkeys(key));
    }

    default CompletableFuture<List<V>> hvals(K key) {
        return dispatch(commands().hvals(key));
    }

    default CompletableFuture<Long> hincrBy(K key, K field, long increment) {
        return dispatch(commands().hincrBy(key, field, increment));
    }

    default CompletableFuture<Double> hincrByFloat(K key, K field, double increment) {
        return dispatch(commands().hincrByFloat(key, field, increment));
    }

    default CompletableFuture<Long> hstrlen(K key, K field) {
        return dispatch(commands().hstrlen(key, field));
    }

    default CompletableFuture<K> hrandField(K key) {
        return dispatch(commands().hrandField(key));
    }

    default CompletableFuture<List<K>> hrandField(K key, long count) {
        return dispatch(commands().hrandField(key, count));
    }

    default CompletableFuture<List<Map.Entry<K, V>>> hrandFieldWithValues(K key, long count) {
        return dispatch(commands().hrandFieldWithValues(key, count));
    }

    default CompletableFuture<ScanPage<Map.Entry<K, V>>> hscanPage(K key, String cursor, ScanArgs options) {
        return dispatch(commands().hscanPage(key, cursor, options));
    }
}
