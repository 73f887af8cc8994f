package io.fastpath;

import java.util.List;
import java.util.Set;

/** Sets, blocking. See {@link SetCommandBuilder} for each command's reply. */
public interface SetCommands<K, V> extends SyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default long sadd(K key, V... members) {
        return execute(commands().sadd(key, members));
    }

    default long sadd(K key, List<V> members) {
        return execute(commands().sadd(key, members));
    }

    @SuppressWarnings("unchecked")
    default long srem(K key, V... members) {
        return execute(commands().srem(key, members));
    }

    default long srem(K key, List<V> members) {
        return execute(commands().srem(key, members));
    }

    default Set<V> smembers(K key) {
        return execute(commands().smembers(key));
    }

    default boolean sismember(K key, V member) {
        return execute(commands().sismember(key, member));
    }

    @SuppressWarnings("unchecked")
    default List<Boolean> smismember(K key, V... members) {
        return execute(commands().smismember(key, members));
    }

    default List<Boolean> smismember(K key, List<V> members) {
        return execute(commands().smismember(key, members));
    }

    default long scard(K key) {
        return execute(commands().scard(key));
    }

    default V spop(K key) {
        return execute(commands().spop(key));
    }

    default Set<V> spop(K key, long count) {
        return execute(commands().spop(key, count));
    }

    default V srandMember(K key) {
        return execute(commands().srandMember(key));
    }

    default List<V> srandMember(K key, long count) {
        return execute(commands().srandMember(key, count));
    }

    @SuppressWarnings("unchecked")
    default Set<V> sinter(K... keys) {
        return execute(commands().sinter(keys));
    }

    default Set<V> sinter(List<K> keys) {
        return execute(commands().sinter(keys));
    }

    @SuppressWarnings("unchecked")
    default Set<V> sunion(K... keys) {
        return execute(commands().sunion(keys));
    }

    default Set<V> sunion(List<K> keys) {
        return execute(commands().sunion(keys));
    }

    @SuppressWarnings("unchecked")
    default Set<V> sdiff(K... keys) {
        return execute(commands().sdiff(keys));
    }

    default Set<V> sdiff(List<K> keys) {
        return execute(commands().sdiff(keys));
    }

    default long sinterStore(K destination, List<K> keys) {
        return execute(commands().sinterStore(destination, keys));
    }

    default long sunionStore(K destination, List<K> keys) {
        return execute(commands().sunionStore(destination, keys));
    }

    default long sdiffStore(K destination, List<K> keys) {
        return execute(commands().sdiffStore(destination, keys));
    }

    default long sinterCard(List<K> keys) {
        return execute(commands().sinterCard(keys));
    }

    default long sinterCard(List<K> keys, long limit) {
        return execute(commands().sinterCard(keys, limit));
    }

    default boolean smove(K source, K destination, V member) {
        return execute(commands().smove(source, destination, member));
    }

    default ScanPage<V> sscanPage(K key, String cursor, ScanArgs options) {
        return execute(commands().sscanPage(key, cursor, options));
    }

    /**
     * SSCAN of one set as an {@link Iterable}, fetched page by page. A member may be returned more than once;
     * see {@link ScanIterator}.
     */
    default Iterable<V> sscan(K key, ScanArgs options) {
        return () -> new ScanIterator<>(cursor -> execute(commands().sscanPage(key, cursor, options)));
    }
}
