package io.fastpath;

import java.util.List;
import java.util.Map;

/** Strings, blocking. See {@link StringCommandBuilder} for each command's reply. */
public interface StringCommands<K, V> extends SyncDispatcher<K, V> {

    default V get(K key) {
        return execute(commands().get(key));
    }

    default boolean set(K key, V value) {
        return execute(commands().set(key, value));
    }

    default boolean set(K key, V value, SetArgs options) {
        return execute(commands().set(key, value, options));
    }

    default V setGet(K key, V value, SetArgs options) {
        return execute(commands().setGet(key, value, options));
    }

    @SuppressWarnings("unchecked")
    default List<V> mget(K... keys) {
        return execute(commands().mget(keys));
    }

    default List<V> mget(List<K> keys) {
        return execute(commands().mget(keys));
    }

    default void mset(Map<K, V> entries) {
        execute(commands().mset(entries));
    }

    default boolean msetnx(Map<K, V> entries) {
        return execute(commands().msetnx(entries));
    }

    default long incr(K key) {
        return execute(commands().incr(key));
    }

    default long incrBy(K key, long increment) {
        return execute(commands().incrBy(key, increment));
    }

    default double incrByFloat(K key, double increment) {
        return execute(commands().incrByFloat(key, increment));
    }

    default long decr(K key) {
        return execute(commands().decr(key));
    }

    default long decrBy(K key, long decrement) {
        return execute(commands().decrBy(key, decrement));
    }

    default long append(K key, V value) {
        return execute(commands().append(key, value));
    }

    default V getDel(K key) {
        return execute(commands().getDel(key));
    }

    default V getEx(K key, GetExArgs expiry) {
        return execute(commands().getEx(key, expiry));
    }

    default long strlen(K key) {
        return execute(commands().strlen(key));
    }

    default V getRange(K key, long start, long end) {
        return execute(commands().getRange(key, start, end));
    }

    default long setRange(K key, long offset, V value) {
        return execute(commands().setRange(key, offset, value));
    }
}
