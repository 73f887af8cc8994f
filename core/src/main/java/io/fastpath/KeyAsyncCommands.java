package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Key-space commands (any type of key), asynchronously. See {@link KeyCommandBuilder} for each command's reply. */
public interface KeyAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> del(K... keys) {
        return dispatch(commands().del(keys));
    }

    default CompletableFuture<Long> del(List<K> keys) {
        return dispatch(commands().del(keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> unlink(K... keys) {
        return dispatch(commands().unlink(keys));
    }

    default CompletableFuture<Long> unlink(List<K> keys) {
        return dispatch(commands().unlink(keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> exists(K... keys) {
        return dispatch(commands().exists(keys));
    }

    default CompletableFuture<Long> exists(List<K> keys) {
        return dispatch(commands().exists(keys));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> touch(K... keys) {
        return dispatch(commands().touch(keys));
    }

    default CompletableFuture<Long> touch(List<K> keys) {
        return dispatch(commands().touch(keys));
    }

    default CompletableFuture<Boolean> expire(K key, long seconds) {
        return dispatch(commands().expire(key, seconds));
    }

    default CompletableFuture<Boolean> expire(K key, long seconds, ExpireCondition condition) {
        return dispatch(commands().expire(key, seconds, condition));
    }

    default CompletableFuture<Boolean> pexpire(K key, long milliseconds) {
        return dispatch(commands().pexpire(key, milliseconds));
    }

    default CompletableFuture<Boolean> pexpire(K key, long milliseconds, ExpireCondition condition) {
        return dispatch(commands().pexpire(key, milliseconds, condition));
    }

    default CompletableFuture<Boolean> expireAt(K key, long unixSeconds) {
        return dispatch(commands().expireAt(key, unixSeconds));
    }

    default CompletableFuture<Boolean> expireAt(K key, long unixSeconds, ExpireCondition condition) {
        return dispatch(commands().expireAt(key, unixSeconds, condition));
    }

    default CompletableFuture<Boolean> pexpireAt(K key, long unixMilliseconds) {
        return dispatch(commands().pexpireAt(key, unixMilliseconds));
    }

    default CompletableFuture<Boolean> pexpireAt(K key, long unixMilliseconds, ExpireCondition condition) {
        return dispatch(commands().pexpireAt(key, unixMilliseconds, condition));
    }

    default CompletableFuture<Long> expireTime(K key) {
        return dispatch(commands().expireTime(key));
    }

    default CompletableFuture<Long> pexpireTime(K key) {
        return dispatch(commands().pexpireTime(key));
    }

    default CompletableFuture<Long> ttl(K key) {
        return dispatch(commands().ttl(key));
    }

    default CompletableFuture<Long> pttl(K key) {
        return dispatch(commands().pttl(key));
    }

    default CompletableFuture<Boolean> persist(K key) {
        return dispatch(commands().persist(key));
    }

    default CompletableFuture<KeyType> type(K key) {
        return dispatch(commands().type(key));
    }

    default CompletableFuture<String> typeName(K key) {
        return dispatch(commands().typeName(key));
    }

    default CompletableFuture<Void> rename(K key, K newKey) {
        return dispatch(commands().rename(key, newKey));
    }

    default CompletableFuture<Boolean> renamenx(K key, K newKey) {
        return dispatch(commands().renamenx(key, newKey));
    }

    default CompletableFuture<Boolean> copy(K source, K destination) {
        return dispatch(commands().copy(source, destination));
    }

    default CompletableFuture<Boolean> copy(K source, K destination, boolean replace) {
        return dispatch(commands().copy(source, destination, replace));
    }

    default CompletableFuture<K> randomKey() {
        return dispatch(commands().randomKey());
    }

    default CompletableFuture<String> objectEncoding(K key) {
        return dispatch(commands().objectEncoding(key));
    }

    default CompletableFuture<Long> objectIdleTime(K key) {
        return dispatch(commands().objectIdleTime(key));
    }

    default CompletableFuture<Long> objectFreq(K key) {
        return dispatch(commands().objectFreq(key));
    }

    default CompletableFuture<ScanPage<K>> scanPage(String cursor, ScanArgs options) {
        return dispatch(commands().scanPage(cursor, options));
    }
}
