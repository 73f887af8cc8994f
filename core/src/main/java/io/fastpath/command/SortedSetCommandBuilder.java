package io.fastpath.command;

import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.internal.command.ArgumentList;
import io.fastpath.internal.command.CommandArguments;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.views.Views;
import java.util.List;
import java.util.Map;

/**
 * Builds the sorted-set commands; arguments are validated and encoded on the caller's thread. Scores
 * must not be NaN; infinities are sent as {@code -inf} / {@code +inf}.
 */
public interface SortedSetCommandBuilder<K, V> {

    RedisCodec<K, V> codec();

    /** ZADD of one member; the number of members added (0 when it existed and only its score changed). */
    default Command<Long> zadd(K key, double score, V member) {
        return zadd(key, ZAddArgs.none(), List.of(new ScoredValue<>(member, score)));
    }

    /** ZADD of several members; the number added. */
    default Command<Long> zadd(K key, List<ScoredValue<V>> members) {
        return zadd(key, ZAddArgs.none(), members);
    }

    /** ZADD from a member-to-score map (for value types with content equality, such as String). */
    default Command<Long> zadd(K key, Map<V, Double> members) {
        CommandArguments.requireNotEmpty("ZADD", members == null ? null : members.keySet(), "member");
        ArgumentList arguments = new ArgumentList("ZADD", members.size() * 2 + 2).addKey(codec().encodeKey(key));
        for (Map.Entry<V, Double> entry : members.entrySet()) {
            arguments.add(score("ZADD", entry.getValue())).add(codec().encodeValue(entry.getKey()));
        }
        return arguments.write(Converters.LONG);
    }

    /** ZADD with options; the number added, or with CH the number added or updated. */
    default Command<Long> zadd(K key, ZAddArgs options, List<ScoredValue<V>> members) {
        CommandArguments.requireNotEmpty("ZADD", members, "member");
        ArgumentList arguments = new ArgumentList("ZADD", members.size() * 2 + 6).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("ZADD", "the options", options).appendTo(arguments);
        for (ScoredValue<V> member : members) {
            CommandArguments.requireNotNull("ZADD", "a member", member);
            arguments.add(score("ZADD", member.score())).add(codec().encodeValue(member.value()));
        }
        return arguments.write(Converters.LONG);
    }

    /** ZADD ... INCR: adds {@code increment} to the member's score; the new score, null when NX/XX/GT/LT prevented it. */
    @Views.NullableReply
    default Command<Double> zaddIncr(K key, ZAddArgs options, double increment, V member) {
        ArgumentList arguments = new ArgumentList("ZADD", 8).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("ZADD", "the options", options).appendTo(arguments);
        return arguments.keyword("INCR").add(score("ZADD", increment)).add(codec().encodeValue(member))
                .write(Converters.DOUBLE_OR_NULL);
    }

    /** ZINCRBY; the member's new score (a missing member starts at 0). */
    default Command<Double> zincrBy(K key, double increment, V member) {
        return new ArgumentList("ZINCRBY", 4).addKey(codec().encodeKey(key)).add(score("ZINCRBY", increment))
                .add(codec().encodeValue(member)).write(Converters.DOUBLE);
    }

    /** ZSCORE; null when the member or the key does not exist. */
    @Views.NullableReply
    default Command<Double> zscore(K key, V member) {
        return new ArgumentList("ZSCORE", 3).addKey(codec().encodeKey(key)).add(codec().encodeValue(member))
                .read(Converters.DOUBLE_OR_NULL);
    }

    /** ZMSCORE; one score per member in order, null for a missing member. */
    @SuppressWarnings("unchecked")
    default Command<List<Double>> zmscore(K key, V... members) {
        return zmscore(key, CommandArguments.list(members));
    }

    default Command<List<Double>> zmscore(K key, List<V> members) {
        return members("ZMSCORE", key, members).read(Converters.DOUBLE_OR_NULL_LIST);
    }

    /** ZRANK: the member's 0-based rank by ascending score; null when the member or key does not exist. */
    @Views.NullableReply
    default Command<Long> zrank(K key, V member) {
        return new ArgumentList("ZRANK", 3).addKey(codec().encodeKey(key)).add(codec().encodeValue(member))
                .read(Converters.LONG_OR_NULL);
    }

    /** ZREVRANK: the member's 0-based rank by descending score; null when the member or key does not exist. */
    @Views.NullableReply
    default Command<Long> zrevRank(K key, V member) {
        return new ArgumentList("ZREVRANK", 3).addKey(codec().encodeKey(key)).add(codec().encodeValue(member))
                .read(Converters.LONG_OR_NULL);
    }

    /** ZCARD; 0 when the key does not exist. */
    default Command<Long> zcard(K key) {
        return new ArgumentList("ZCARD", 2).addKey(codec().encodeKey(key)).read(Converters.LONG);
    }

    /** ZCOUNT: how many members have a score in the range. */
    default Command<Long> zcount(K key, ScoreRange range) {
        ArgumentList arguments = new ArgumentList("ZCOUNT", 4).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("ZCOUNT", "the range", range).appendTo(arguments);
        return arguments.read(Converters.LONG);
    }

    /** ZRANGE by inclusive ranks (ascending score); negative ranks count from the highest. */
    default Command<List<V>> zrange(K key, long start, long stop) {
        return zrange(key, ZRangeQuery.byIndex(start, stop));
    }

    /** ZRANGE by index, score or lex, as the query says. */
    default Command<List<V>> zrange(K key, ZRangeQuery<V> query) {
        return range(key, query).read(Converters.valueList(codec()));
    }

    /** ZRANGE ... WITHSCORES by inclusive ranks. */
    default Command<List<ScoredValue<V>>> zrangeWithScores(K key, long start, long stop) {
        return zrangeWithScores(key, ZRangeQuery.byIndex(start, stop));
    }

    /** ZRANGE ... WITHSCORES; not valid for lex queries. */
    default Command<List<ScoredValue<V>>> zrangeWithScores(K key, ZRangeQuery<V> query) {
        if (query != null && query.isLex()) {
            throw new RedisArgumentException("ZRANGE: WITHSCORES is not valid with BYLEX");
        }
        return range(key, query).keyword("WITHSCORES").read(Converters.scoredValues(codec()));
    }

    /** ZREVRANGE by inclusive ranks, highest score first. */
    default Command<List<V>> zrevRange(K key, long start, long stop) {
        return zrange(key, ZRangeQuery.<V>byIndex(start, stop).reversed());
    }

    /** ZREVRANGE ... WITHSCORES by inclusive ranks, highest score first. */
    default Command<List<ScoredValue<V>>> zrevRangeWithScores(K key, long start, long stop) {
        return zrangeWithScores(key, ZRangeQuery.<V>byIndex(start, stop).reversed());
    }

    /** ZRANGESTORE: stores the selected members with their scores in {@code destination}; its size. */
    default Command<Long> zrangeStore(K destination, K source, ZRangeQuery<V> query) {
        ArgumentList arguments = new ArgumentList("ZRANGESTORE", 9).addKey(codec().encodeKey(destination))
                .addKey(codec().encodeKey(source));
        CommandArguments.requireNotNull("ZRANGESTORE", "the query", query).appendTo(arguments, codec());
        return arguments.write(Converters.LONG);
    }

    /** ZREM; the number of members that existed and were removed. */
    @SuppressWarnings("unchecked")
    default Command<Long> zrem(K key, V... members) {
        return zrem(key, CommandArguments.list(members));
    }

    default Command<Long> zrem(K key, List<V> members) {
        return members("ZREM", key, members).write(Converters.LONG);
    }

    /** ZREMRANGEBYRANK with inclusive ranks; the number removed. */
    default Command<Long> zremRangeByRank(K key, long start, long stop) {
        return new ArgumentList("ZREMRANGEBYRANK", 4).addKey(codec().encodeKey(key)).add(start).add(stop)
                .write(Converters.LONG);
    }

    /** ZREMRANGEBYSCORE; the number removed. */
    default Command<Long> zremRangeByScore(K key, ScoreRange range) {
        ArgumentList arguments = new ArgumentList("ZREMRANGEBYSCORE", 4).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("ZREMRANGEBYSCORE", "the range", range).appendTo(arguments);
        return arguments.write(Converters.LONG);
    }

    /** ZPOPMIN; the member with the lowest score, removed, or null when the key does not exist. */
    default Command<ScoredValue<V>> zpopMin(K key) {
        return new ArgumentList("ZPOPMIN", 2).addKey(codec().encodeKey(key))
                .write(Converters.firstOrNull(Converters.scoredValues(codec())));
    }

    /** ZPOPMIN with a positive count; up to {@code count} members, lowest first. */
    default Command<List<ScoredValue<V>>> zpopMin(K key, long count) {
        return new ArgumentList("ZPOPMIN", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requirePositive("ZPOPMIN", "count", count)).write(Converters.scoredValues(codec()));
    }

    /** ZPOPMAX; the member with the highest score, removed, or null when the key does not exist. */
    default Command<ScoredValue<V>> zpopMax(K key) {
        return new ArgumentList("ZPOPMAX", 2).addKey(codec().encodeKey(key))
                .write(Converters.firstOrNull(Converters.scoredValues(codec())));
    }

    /** ZPOPMAX with a positive count; up to {@code count} members, highest first. */
    default Command<List<ScoredValue<V>>> zpopMax(K key, long count) {
        return new ArgumentList("ZPOPMAX", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requirePositive("ZPOPMAX", "count", count)).write(Converters.scoredValues(codec()));
    }

    /** ZRANDMEMBER; a random member (not removed), null when the key does not exist. */
    default Command<V> zrandMember(K key) {
        return new ArgumentList("ZRANDMEMBER", 2).addKey(codec().encodeKey(key)).read(Converters.value(codec()));
    }

    /** ZRANDMEMBER with a count: distinct members when positive, {@code -count} possibly repeated when negative. Not 0. */
    default Command<List<V>> zrandMember(K key, long count) {
        return new ArgumentList("ZRANDMEMBER", 3).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNonZero("ZRANDMEMBER", "count", count)).read(Converters.valueList(codec()));
    }

    /** ZRANDMEMBER ... WITHSCORES; like {@link #zrandMember(Object, long)} with each member's score. */
    default Command<List<ScoredValue<V>>> zrandMemberWithScores(K key, long count) {
        return new ArgumentList("ZRANDMEMBER", 4).addKey(codec().encodeKey(key))
                .add(CommandArguments.requireNonZero("ZRANDMEMBER", "count", count)).keyword("WITHSCORES")
                .read(Converters.scoredValues(codec()));
    }

    /** ZUNIONSTORE; stores the union of the sources (scores summed) in {@code destination}; its size. */
    default Command<Long> zunionStore(K destination, List<K> keys) {
        return zunionStore(destination, keys, ZStoreArgs.none());
    }

    /** ZUNIONSTORE with WEIGHTS / AGGREGATE; the size of the result. */
    default Command<Long> zunionStore(K destination, List<K> keys, ZStoreArgs options) {
        return store("ZUNIONSTORE", destination, keys, options);
    }

    /** ZINTERSTORE; stores the intersection of the sources (scores summed) in {@code destination}; its size. */
    default Command<Long> zinterStore(K destination, List<K> keys) {
        return zinterStore(destination, keys, ZStoreArgs.none());
    }

    /** ZINTERSTORE with WEIGHTS / AGGREGATE; the size of the result. */
    default Command<Long> zinterStore(K destination, List<K> keys, ZStoreArgs options) {
        return store("ZINTERSTORE", destination, keys, options);
    }

    /** One ZSCAN page of members with scores; a member may appear in more than one page. */
    default Command<ScanPage<ScoredValue<V>>> zscanPage(K key, String cursor, ScanArgs options) {
        ArgumentList arguments = new ArgumentList("ZSCAN", 7).addKey(codec().encodeKey(key))
                .add(ScanArgs.requireCursor("ZSCAN", cursor));
        CommandArguments.requireNotNull("ZSCAN", "the options", options).appendTo(arguments, "ZSCAN");
        return arguments.read(Converters.scanPage(Converters.scoredValues(codec())));
    }

    private ArgumentList range(K key, ZRangeQuery<V> query) {
        ArgumentList arguments = new ArgumentList("ZRANGE", 10).addKey(codec().encodeKey(key));
        CommandArguments.requireNotNull("ZRANGE", "the query", query).appendTo(arguments, codec());
        return arguments;
    }

    private ArgumentList members(String command, K key, List<V> members) {
        ArgumentList arguments = new ArgumentList(command, (members == null ? 0 : members.size()) + 2)
                .addKey(codec().encodeKey(key));
        return CommandArguments.addValues(arguments, command, codec(), members);
    }

    private Command<Long> store(String command, K destination, List<K> keys, ZStoreArgs options) {
        CommandArguments.requireNotEmpty(command, keys, "source key");
        CommandArguments.requireNotNull(command, "the options", options);
        ArgumentList arguments = new ArgumentList(command, keys.size() * 2 + 6).addKey(codec().encodeKey(destination))
                .add(keys.size());
        for (K key : keys) {
            arguments.addKey(codec().encodeKey(key));
        }
        options.appendTo(arguments, command, keys.size());
        return arguments.write(Converters.LONG);
    }

    private static double score(String command, Double score) {
        if (score == null || score.isNaN()) {
            throw new RedisArgumentException(command + ": a score must be a number, got " + score);
        }
        return score;
    }
}
