package io.fastpath;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Stream consumer groups and XINFO, asynchronously. See {@link StreamGroupCommandBuilder} for each command's reply. */
public interface StreamGroupAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Void> xgroupCreate(K key, String group, String id) {
        return dispatch(commands().xgroupCreate(key, group, id));
    }

    default CompletableFuture<Void> xgroupCreate(K key, String group, String id, boolean makeStream) {
        return dispatch(commands().xgroupCreate(key, group, id, makeStream));
    }

    default CompletableFuture<Boolean> xgroupDestroy(K key, String group) {
        return dispatch(commands().xgroupDestroy(key, group));
    }

    default CompletableFuture<Boolean> xgroupCreateConsumer(K key, String group, String consumer) {
        return dispatch(commands().xgroupCreateConsumer(key, group, consumer));
    }

    default CompletableFuture<Long> xgroupDeleteConsumer(K key, String group, String consumer) {
        return dispatch(commands().xgroupDeleteConsumer(key, group, consumer));
    }

    default CompletableFuture<Void> xgroupSetId(K key, String group, String id) {
        return dispatch(commands().xgroupSetId(key, group, id));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xreadGroup(String group, String consumer, List<StreamOffset<K>> streams) {
        return dispatch(commands().xreadGroup(group, consumer, streams));
    }

    default CompletableFuture<List<StreamEntries<K, V>>> xreadGroup(String group, String consumer, StreamReadArgs options, List<StreamOffset<K>> streams) {
        return dispatch(commands().xreadGroup(group, consumer, options, streams));
    }

    default CompletableFuture<Long> xack(K key, String group, List<String> ids) {
        return dispatch(commands().xack(key, group, ids));
    }

    default CompletableFuture<PendingSummary> xpending(K key, String group) {
        return dispatch(commands().xpending(key, group));
    }

    default CompletableFuture<List<PendingEntry>> xpending(K key, String group, PendingRange range) {
        return dispatch(commands().xpending(key, group, range));
    }

    default CompletableFuture<List<StreamEntry<K, V>>> xclaim(K key, String group, String consumer, long minIdleMillis, List<String> ids) {
        return dispatch(commands().xclaim(key, group, consumer, minIdleMillis, ids));
    }

    default CompletableFuture<List<String>> xclaimJustId(K key, String group, String consumer, long minIdleMillis, List<String> ids) {
        return dispatch(commands().xclaimJustId(key, group, consumer, minIdleMillis, ids));
    }

    default CompletableFuture<AutoClaimed<K, V>> xautoclaim(K key, String group, String consumer, long minIdleMillis, String start) {
        return dispatch(commands().xautoclaim(key, group, consumer, minIdleMillis, start));
    }

    default CompletableFuture<AutoClaimed<K, V>> xautoclaim(K key, String group, String consumer, long minIdleMillis, String start, long count) {
        return dispatch(commands().xautoclaim(key, group, consumer, minIdleMillis, start, count));
    }

    default CompletableFuture<Reply> xinfoStream(K key) {
        return dispatch(commands().xinfoStream(key));
    }

    default CompletableFuture<List<StreamGroupInfo>> xinfoGroups(K key) {
        return dispatch(commands().xinfoGroups(key));
    }

    default CompletableFuture<List<StreamConsumerInfo>> xinfoConsumers(K key, String group) {
        return dispatch(commands().xinfoConsumers(key, group));
    }
}
