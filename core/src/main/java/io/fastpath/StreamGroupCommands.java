package io.fastpath;

import java.util.List;

/** Stream consumer groups and XINFO, blocking. See {@link StreamGroupCommandBuilder} for each command's reply. */
public interface StreamGroupCommands<K, V> extends SyncDispatcher<K, V> {

    default void xgroupCreate(K key, String group, String id) {
        execute(commands().xgroupCreate(key, group, id));
    }

    default void xgroupCreate(K key, String group, String id, boolean makeStream) {
        execute(commands().xgroupCreate(key, group, id, makeStream));
    }

    default boolean xgroupDestroy(K key, String group) {
        return execute(commands().xgroupDestroy(key, group));
    }

    default boolean xgroupCreateConsumer(K key, String group, String consumer) {
        return execute(commands().xgroupCreateConsumer(key, group, consumer));
    }

    default long xgroupDeleteConsumer(K key, String group, String consumer) {
        return execute(commands().xgroupDeleteConsumer(key, group, consumer));
    }

    default void xgroupSetId(K key, String group, String id) {
        execute(commands().xgroupSetId(key, group, id));
    }

    default List<StreamEntries<K, V>> xreadGroup(String group, String consumer, List<StreamOffset<K>> streams) {
        return execute(commands().xreadGroup(group, consumer, streams));
    }

    default List<StreamEntries<K, V>> xreadGroup(String group, String consumer, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return execute(commands().xreadGroup(group, consumer, options, streams));
    }

    default long xack(K key, String group, List<String> ids) {
        return execute(commands().xack(key, group, ids));
    }

    default PendingSummary xpending(K key, String group) {
        return execute(commands().xpending(key, group));
    }

    default List<PendingEntry> xpending(K key, String group, PendingRange range) {
        return execute(commands().xpending(key, group, range));
    }

    default List<StreamEntry<K, V>> xclaim(K key, String group, String consumer, long minIdleMillis, List<String> ids) {
        return execute(commands().xclaim(key, group, consumer, minIdleMillis, ids));
    }

    default List<String> xclaimJustId(K key, String group, String consumer, long minIdleMillis, List<String> ids) {
        return execute(commands().xclaimJustId(key, group, consumer, minIdleMillis, ids));
    }

    default AutoClaimed<K, V> xautoclaim(K key, String group, String consumer, long minIdleMillis, String start) {
        return execute(commands().xautoclaim(key, group, consumer, minIdleMillis, start));
    }

    default AutoClaimed<K, V> xautoclaim(K key, String group, String consumer, long minIdleMillis, String start, long count) {
        return execute(commands().xautoclaim(key, group, consumer, minIdleMillis, start, count));
    }

    default Reply xinfoStream(K key) {
        return execute(commands().xinfoStream(key));
    }

    default List<StreamGroupInfo> xinfoGroups(K key) {
        return execute(commands().xinfoGroups(key));
    }

    default List<StreamConsumerInfo> xinfoConsumers(K key, String group) {
        return execute(commands().xinfoConsumers(key, group));
    }
}
