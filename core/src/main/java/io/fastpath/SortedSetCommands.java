package io.fastpath;

import java.util.List;
import java.util.Map;

/** Sorted sets, blocking. See {@link SortedSetCommandBuilder} for each command's reply. */
public interface SortedSetCommands<K, V> extends SyncDispatcher<K, V> {

    default long zadd(K key, double score, V member) {
        return execute(commands().zadd(key, score, member));
    }

    default long zadd(K key, List<ScoredValue<V>> members) {
        return execute(commands().zadd(key, members));
    }

    default long zadd(K key, Map<V, Double> members) {
        return execute(commands().zadd(key, members));
    }

    default long zadd(K key, ZAddArgs options, List<ScoredValue<V>> members) {
        return execute(commands().zadd(key, options, members));
    }

    default Double zaddIncr(K key, ZAddArgs options, double increment, V member) {
        return execute(commands().zaddIncr(key, options, increment, member));
    }

    default double zincrBy(K key, double increment, V member) {
        return execute(commands().zincrBy(key, increment, member));
    }

    default Double zscore(K key, V member) {
        return execute(commands().zscore(key, member));
    }

    @SuppressWarnings("unchecked")
    default List<Double> zmscore(K key, V... members) {
        return execute(commands().zmscore(key, members));
    }

    default List<Double> zmscore(K key, List<V> members) {
        return execute(commands().zmscore(key, members));
    }

    default Long zrank(K key, V member) {
        return execute(commands().zrank(key, member));
    }

    default Long zrevRank(K key, V member) {
        return execute(commands().zrevRank(key, member));
    }

    default long zcard(K key) {
        return execute(commands().zcard(key));
    }

    default long zcount(K key, ScoreRange range) {
        return execute(commands().zcount(key, range));
    }

    default List<V> zrange(K key, long start, long stop) {
        return execute(commands().zrange(key, start, stop));
    }

    default List<V> zrange(K key, ZRangeQuery<V> query) {
        return execute(commands().zrange(key, query));
    }

    default List<ScoredValue<V>> zrangeWithScores(K key, long start, long stop) {
        return execute(commands().zrangeWithScores(key, start, stop));
    }

    default List<ScoredValue<V>> zrangeWithScores(K key, ZRangeQuery<V> query) {
        return execute(commands().zrangeWithScores(key, query));
    }

    default List<V> zrevRange(K key, long start, long stop) {
        return execute(commands().zrevRange(key, start, stop));
    }

    default List<ScoredValue<V>> zrevRangeWithScores(K key, long start, long stop) {
        return execute(commands().zrevRangeWithScores(key, start, stop));
    }

    default long zrangeStore(K destination, K source, ZRangeQuery<V> query) {
        return execute(commands().zrangeStore(destination, source, query));
    }

    @SuppressWarnings("unchecked")
    default long zrem(K key, V... members) {
        return execute(commands().zrem(key, members));
    }

    default long zrem(K key, List<V> members) {
        return execute(commands().zrem(key, members));
    }

    default long zremRangeByRank(K key, long start, long stop) {
        return execute(commands().zremRangeByRank(key, start, stop));
    }

    default long zremRangeByScore(K key, ScoreRange range) {
        return execute(commands().zremRangeByScore(key, range));
    }

    default ScoredValue<V> zpopMin(K key) {
        return execute(commands().zpopMin(key));
    }

    default List<ScoredValue<V>> zpopMin(K key, long count) {
        return execute(commands().zpopMin(key, count));
    }

    default ScoredValue<V> zpopMax(K key) {
        return execute(commands().zpopMax(key));
    }

    default List<ScoredValue<V>> zpopMax(K key, long count) {
        return execute(commands().zpopMax(key, count));
    }

    default V zrandMember(K key) {
        return execute(commands().zrandMember(key));
    }

    default List<V> zrandMember(K key, long count) {
        return execute(commands().zrandMember(key, count));
    }

    default List<ScoredValue<V>> zrandMemberWithScores(K key, long count) {
        return execute(commands().zrandMemberWithScores(key, count));
    }

    default long zunionStore(K destination, List<K> keys) {
        return execute(commands().zunionStore(destination, keys));
    }

    default long zunionStore(K destination, List<K> keys, ZStoreArgs options) {
        return execute(commands().zunionStore(destination, keys, options));
    }

    default long zinterStore(K destination, List<K> keys) {
        return execute(commands().zinterStore(destination, keys));
    }

    default long zinterStore(K destination, List<K> keys, ZStoreArgs options) {
        return execute(commands().zinterStore(destination, keys, options));
    }

    default ScanPage<ScoredValue<V>> zscanPage(K key, String cursor, ScanArgs options) {
        return execute(commands().zscanPage(key, cursor, options));
    }

    /**
     * ZSCAN of one sorted set as an {@link Iterable} of members with scores, fetched page by page. A member may
     * be returned more than once; see {@link ScanIterator}.
     */
    default Iterable<ScoredValue<V>> zscan(K key, ScanArgs options) {
        return () -> new ScanIterator<>(cursor -> execute(commands().zscanPage(key, cursor, options)));
    }
}
