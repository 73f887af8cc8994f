package io.fastpath;

import java.util.List;

/** Key-space commands (any type of key), blocking. See {@link KeyCommandBuilder} for each command's reply. */
public interface KeyCommands<K, V> extends SyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default long del(K... keys) {
        return execute(commands().del(keys));
    }

    default long del(List<K> keys) {
        return execute(commands().del(keys));
    }

    @SuppressWarnings("unchecked")
    default long unlink(K... keys) {
        return execute(commands().unlink(keys));
    }

    default long unlink(List<K> keys) {
        return execute(commands().unlink(keys));
    }

    @SuppressWarnings("unchecked")
    default long exists(K... keys) {
        return execute(commands().exists(keys));
    }

    default long exists(List<K> keys) {
        return execute(commands().exists(keys));
    }

    @SuppressWarnings("unchecked")
    default long touch(K... keys) {
        return execute(commands().touch(keys));
    }

    default long touch(List<K> keys) {
        return execute(commands().touch(keys));
    }

    default boolean expire(K key, long seconds) {
        return execute(commands().expire(key, seconds));
    }

    default boolean expire(K key, long seconds, ExpireCondition condition) {
        return execute(commands().expire(key, seconds, condition));
    }

    default boolean pexpire(K key, long milliseconds) {
        return execute(commands().pexpire(key, milliseconds));
    }

    default boolean pexpire(K key, long milliseconds, ExpireCondition condition) {
        return execute(commands().pexpire(key, milliseconds, condition));
    }

    default boolean expireAt(K key, long unixSeconds) {
        return execute(commands().expireAt(key, unixSeconds));
    }

    default boolean expireAt(K key, long unixSeconds, ExpireCondition condition) {
        return execute(commands().expireAt(key, unixSeconds, condition));
    }

    default boolean pexpireAt(K key, long unixMilliseconds) {
        return execute(commands().pexpireAt(key, unixMilliseconds));
    }

    default boolean pexpireAt(K key, long unixMilliseconds, ExpireCondition condition) {
        return execute(commands().pexpireAt(key, unixMilliseconds, condition));
    }

    default long expireTime(K key) {
        return execute(commands().expireTime(key));
    }

    default long pexpireTime(K key) {
        return execute(commands().pexpireTime(key));
    }

    default long ttl(K key) {
        return execute(commands().ttl(key));
    }

    default long pttl(K key) {
        return execute(commands().pttl(key));
    }

    default boolean persist(K key) {
        return execute(commands().persist(key));
    }

    default KeyType type(K key) {
        return execute(commands().type(key));
    }

    default String typeName(K key) {
        return execute(commands().typeName(key));
    }

    default void rename(K key, K newKey) {
        execute(commands().rename(key, newKey));
    }

    default boolean renamenx(K key, K newKey) {
        return execute(commands().renamenx(key, newKey));
    }

    default boolean copy(K source, K destination) {
        return execute(commands().copy(source, destination));
    }

    default boolean copy(K source, K destination, boolean replace) {
        return execute(commands().copy(source, destination, replace));
    }

    default K randomKey() {
        return execute(commands().randomKey());
    }

    default String objectEncoding(K key) {
        return execute(commands().objectEncoding(key));
    }

    default Long objectIdleTime(K key) {
        return execute(commands().objectIdleTime(key));
    }

    default Long objectFreq(K key) {
        return execute(commands().objectFreq(key));
    }

    default ScanPage<K> scanPage(String cursor, ScanArgs options) {
        return execute(commands().scanPage(cursor, options));
    }

    /**
     * SCAN over the whole database as an {@link Iterable}: each {@code iterator()} starts a new iteration and fetches
     * pages lazily (one blocking round trip per page). A key may be returned more than once; see {@link ScanIterator}.
     */
    default Iterable<K> scan(ScanArgs options) {
        return () -> new ScanIterator<>(cursor -> execute(commands().scanPage(cursor, options)));
    }
}
