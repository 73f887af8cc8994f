package io.fastpath;

import java.util.List;
import java.util.Map;

/** Hashes, blocking. See {@link HashCommandBuilder} for each command's reply. */
public interface HashCommands<K, V> extends SyncDispatcher<K, V> {

    default boolean hset(K key, K field, V value) {
        return execute(commands().hset(key, field, value));
    }

    default long hset(K key, Map<K, V> entries) {
        return execute(commands().hset(key, entries));
    }

    default boolean hsetnx(K key, K field, V value) {
        return execute(commands().hsetnx(key, field, value));
    }

    default V hget(K key, K field) {
        return execute(commands().hget(key, field));
    }

    @SuppressWarnings("unchecked")
    default List<V> hmget(K key, K... fields) {
        return execute(commands().hmget(key, fields));
    }

    default List<V> hmget(K key, List<K> fields) {
        return execute(commands().hmget(key, fields));
    }

    default Map<K, V> hgetAll(K key) {
        return execute(commands().hgetAll(key));
    }

    @SuppressWarnings("unchecked")
    default long hdel(K key, K... fields) {
        return execute(commands().hdel(key, fields));
    }

    default long hdel(K key, List<K> fields) {
        return execute(commands().hdel(key, fields));
    }

    default boolean hexists(K key, K field) {
        return execute(commands().hexists(key, field));
    }

    default long hlen(K key) {
        return execute(commands().hlen(key));
    }

    default List<K> hkeys(K key) {
        return execute(commands().hkeys(key));
    }

    default List<V> hvals(K key) {
        return execute(commands().hvals(key));
    }

    default long hincrBy(K key, K field, long increment) {
        return execute(commands().hincrBy(key, field, increment));
    }

    default double hincrByFloat(K key, K field, double increment) {
        return execute(commands().hincrByFloat(key, field, increment));
    }

    default long hstrlen(K key, K field) {
        return execute(commands().hstrlen(key, field));
    }

    default K hrandField(K key) {
        return execute(commands().hrandField(key));
    }

    default List<K> hrandField(K key, long count) {
        return execute(commands().hrandField(key, count));
    }

    default List<Map.Entry<K, V>> hrandFieldWithValues(K key, long count) {
        return execute(commands().hrandFieldWithValues(key, count));
    }

    default ScanPage<Map.Entry<K, V>> hscanPage(K key, String cursor, ScanArgs options) {
        return execute(commands().hscanPage(key, cursor, options));
    }

    /**
     * HSCAN of one hash as an {@link Iterable} of field/value entries, fetched page by page. A field may be
     * returned more than once; see {@link ScanIterator}.
     */
    default Iterable<Map.Entry<K, V>> hscan(K key, ScanArgs options) {
        return () -> new ScanIterator<>(cursor -> execute(commands().hscanPage(key, cursor, options)));
    }
}
