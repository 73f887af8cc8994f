package io.fastpath;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Sorted sets, asynchronously. See {@link SortedSetCommandBuilder} for each command's reply. */
public interface SortedSetAsyncCommands<K, V> extends AsyncDispatcher<K, V> {

    default CompletableFuture<Long> zadd(K key, double score, V member) {
        return dispatch(commands().zadd(key, score, member));
    }

    default CompletableFuture<Long> zadd(K key, List<ScoredValue<V>> members) {
        return dispatch(commands().zadd(key, members));
    }

    default CompletableFuture<Long> zadd(K key, Map<V, Double> members) {
        return dispatch(commands().zadd(key, members));
    }

    default CompletableFuture<Long> zadd(K key, ZAddArgs options, List<ScoredValue<V>> members) {
        return dispatch(commands().zadd(key, options, members));
    }

    default CompletableFuture<Double> zaddIncr(K key, ZAddArgs options, double increment, V member) {
        return dispatch(commands().zaddIncr(key, options, increment, member));
    }

    default CompletableFuture<Double> zincrBy(K key, double increment, V member) {
        return dispatch(commands().zincrBy(key, increment, member));
    }

    default CompletableFuture<Double> zscore(K key, V member) {
        return dispatch(commands().zscore(key, member));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<List<Double>> zmscore(K key, V... members) {
        return dispatch(commands().zmscore(key, members));
    }

    default CompletableFuture<List<Double>> zmscore(K key, List<V> members) {
        return dispatch(commands().zmscore(key, members));
    }

    default CompletableFuture<Long> zrank(K key, V member) {
        return dispatch(commands().zrank(key, member));
    }

    default CompletableFuture<Long> zrevRank(K key, V member) {
        return dispatch(commands().zrevRank(key, member));
    }

    default CompletableFuture<Long> zcard(K key) {
        return dispatch(commands().zcard(key));
    }

    default CompletableFuture<Long> zcount(K key, ScoreRange range) {
        return dispatch(commands().zcount(key, range));
    }

    default CompletableFuture<List<V>> zrange(K key, long start, long stop) {
        return dispatch(commands().zrange(key, start, stop));
    }

    default CompletableFuture<List<V>> zrange(K key, ZRangeQuery<V> query) {
        return dispatch(commands().zrange(key, query));
    }

    default CompletableFuture<List<ScoredValue<V>>> zrangeWithScores(K key, long start, long stop) {
        return dispatch(commands().zrangeWithScores(key, start, stop));
    }

    default CompletableFuture<List<ScoredValue<V>>> zrangeWithScores(K key, ZRangeQuery<V> query) {
        return dispatch(commands().zrangeWithScores(key, query));
    }

    default CompletableFuture<List<V>> zrevRange(K key, long start, long stop) {
        return dispatch(commands().zrevRange(key, start, stop));
    }

    default CompletableFuture<List<ScoredValue<V>>> zrevRangeWithScores(K key, long start, long stop) {
        return dispatch(commands().zrevRangeWithScores(key, start, stop));
    }

    default CompletableFuture<Long> zrangeStore(K destination, K source, ZRangeQuery<V> query) {
        return dispatch(commands().zrangeStore(destination, source, query));
    }

    @SuppressWarnings("unchecked")
    default CompletableFuture<Long> zrem(K key, V... members) {
        return dispatch(commands().zrem(key, members));
    }

    default CompletableFuture<Long> zrem(K key, List<V> members) {
        return dispatch(commands().zrem(key, members));
    }

    default CompletableFuture<Long> zremRangeByRank(K key, long start, long stop) {
        return dispatch(commands().zremRangeByRank(key, start, stop));
    }

    default CompletableFuture<Long> zremRangeByScore(K key, ScoreRange range) {
        return dispatch(commands().zremRangeByScore(key, range));
    }

    default CompletableFuture<ScoredValue<V>> zpopMin(K key) {
        return dispatch(commands().zpopMin(key));
    }

    default CompletableFuture<List<ScoredValue<V>>> zpopMin(K key, long count) {
        return dispatch(commands().zpopMin(key, count));
    }

    default CompletableFuture<ScoredValue<V>> zpopMax(K key) {
        return dispatch(commands().zpopMax(key));
    }

    default CompletableFuture<List<ScoredValue<V>>> zpopMax(K key, long count) {
        return dispatch(commands().zpopMax(key, count));
    }

    default CompletableFuture<V> zrandMember(K key) {
        return dispatch(commands().zrandMember(key));
    }

    default CompletableFuture<List<V>> zrandMember(K key, long count) {
        return dispatch(commands().zrandMember(key, count));
    }

    default CompletableFuture<List<ScoredValue<V>>> zrandMemberWithScores(K key, long count) {
        return dispatch(commands().zrandMemberWithScores(key, count));
    }

    default CompletableFuture<Long> zunionStore(K destination, List<K> keys) {
        return dispatch(commands().zunionStore(destination, keys));
    }

    default CompletableFuture<Long> zunionStore(K destination, List<K> keys, ZStoreArgs options) {
        return dispatch(commands().zunionStore(destination, keys, options));
    }

    default CompletableFuture<Long> zinterStore(K destination, List<K> keys) {
        return dispatch(commands().zinterStore(destination, keys));
    }

    default CompletableFuture<Long> zinterStore(K destination, List<K> keys, ZStoreArgs options) {
        return dispatch(commands().zinterStore(destination, keys, options));
    }

    default CompletableFuture<ScanPage<ScoredValue<V>>> zscanPage(K key, String cursor, ScanArgs options) {
        return dispatch(commands().zscanPage(key, cursor, options));
    }
}
