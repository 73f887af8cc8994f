package io.fastpath.spring;

import static io.fastpath.spring.FastpathConnection.command;

import io.fastpath.command.Command;
import io.fastpath.command.Reply;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.data.redis.connection.RedisZSetCommands;
import org.springframework.data.redis.connection.zset.Aggregate;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.connection.zset.Weights;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/** Sorted-set commands; RESP3's nested member/score pairs and RESP2's flat lists both become {@link Tuple}s. */
final class FastpathZSetCommands implements RedisZSetCommands {
    private final FastpathConnection connection;

    FastpathZSetCommands(FastpathConnection connection) {
        this.connection = connection;
    }

    @Override
    public Boolean zAdd(byte[] key, double score, byte[] value, ZAddArgs args) {
        Arguments.notNull(args, "Args");
        return connection.invoke(new Words("ZADD", key).add(zAddFlags(args)).add(Words.formatDouble(score), value).build(),
                Replies::toBoolean);
    }

    @Override
    public Long zAdd(byte[] key, Set<Tuple> tuples, ZAddArgs args) {
        Arguments.notNull(args, "Args");
        Arguments.notNull(tuples, "Tuples");
        Words words = new Words("ZADD", key).add(zAddFlags(args));
        for (Tuple tuple : tuples) {
            words.add(Words.formatDouble(tuple.getScore()), tuple.getValue());
        }
        return connection.invoke(words.build(), Replies::toLong);
    }

    static Object[] zAddFlags(ZAddArgs args) {
        Words words = new Words();
        if (args != null) {
            for (ZAddArgs.Flag flag : ZAddArgs.Flag.values()) {
                words.addIf(args.contains(flag), flag.name());
            }
        }
        return words.toArray();
    }

    @Override
    public Long zRem(byte[] key, byte[]... values) {
        return connection.invoke(new Words("ZREM", key).add((Object[]) values).build(), Replies::toLong);
    }

    @Override
    public Double zIncrBy(byte[] key, double increment, byte[] value) {
        return connection.invoke(command("ZINCRBY", key, Words.formatDouble(increment), value), Replies::toDouble);
    }

    @Override
    public byte[] zRandMember(byte[] key) {
        return connection.invoke(command("ZRANDMEMBER", key), Replies::toBytes);
    }

    @Override
    public List<byte[]> zRandMember(byte[] key, long count) {
        return connection.invoke(command("ZRANDMEMBER", key, count), Replies::toBytesList);
    }

    @Override
    public Tuple zRandMemberWithScore(byte[] key) {
        return connection.invoke(command("ZRANDMEMBER", key, 1, "WITHSCORES"), Replies::toTuple);
    }

    @Override
    public List<Tuple> zRandMemberWithScore(byte[] key, long count) {
        return connection.invoke(command("ZRANDMEMBER", key, count, "WITHSCORES"), Replies::toTupleList);
    }

    @Override
    public Long zRank(byte[] key, byte[] value) {
        return connection.invoke(command("ZRANK", key, value), Replies::toLong);
    }

    @Override
    public Long zRevRank(byte[] key, byte[] value) {
        return connection.invoke(command("ZREVRANK", key, value), Replies::toLong);
    }

    @Override
    public Set<byte[]> zRange(byte[] key, long start, long end) {
        return connection.invoke(command("ZRANGE", key, start, end), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zRangeWithScores(byte[] key, long start, long end) {
        return connection.invoke(command("ZRANGE", key, start, end, "WITHSCORES"), Replies::toTupleSet);
    }

    @Override
    public Set<byte[]> zRevRange(byte[] key, long start, long end) {
        return connection.invoke(command("ZREVRANGE", key, start, end), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zRevRangeWithScores(byte[] key, long start, long end) {
        return connection.invoke(command("ZREVRANGE", key, start, end, "WITHSCORES"), Replies::toTupleSet);
    }

    @Override
    public Set<byte[]> zRangeByScore(byte[] key, String min, String max, long offset, long count) {
        return connection.invoke(command("ZRANGEBYSCORE", key, min, max, "LIMIT", offset, count), Replies::toBytesSet);
    }

    @Override
    public Set<byte[]> zRangeByScore(byte[] key, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(byScore("ZRANGEBYSCORE", key, range, false, limit, false), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zRangeByScoreWithScores(byte[] key, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(range, "Range");
        Arguments.notNull(limit, "Limit");
        return connection.invoke(byScore("ZRANGEBYSCORE", key, range, false, limit, true), Replies::toTupleSet);
    }

    @Override
    public Set<byte[]> zRevRangeByScore(byte[] key, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(byScore("ZREVRANGEBYSCORE", key, range, true, limit, false), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zRevRangeByScoreWithScores(byte[] key, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(byScore("ZREVRANGEBYSCORE", key, range, true, limit, true), Replies::toTupleSet);
    }

    /** ZRANGEBYSCORE takes min then max, ZREVRANGEBYSCORE max then min. */
    private static Command<Reply> byScore(String name, byte[] key, org.springframework.data.domain.Range<? extends Number> range, boolean reverse,
                                          org.springframework.data.redis.connection.Limit limit, boolean withScores) {
        String min = Words.scoreBound(range.getLowerBound(), true);
        String max = Words.scoreBound(range.getUpperBound(), false);
        Words words = reverse ? new Words(name, key, max, min) : new Words(name, key, min, max);
        return words.addIf(withScores, "WITHSCORES").limit(limit).build();
    }

    private static Command<Reply> byLex(String name, byte[] key, org.springframework.data.domain.Range<byte[]> range, boolean reverse, org.springframework.data.redis.connection.Limit limit) {
        byte[] min = Words.lexBound(range.getLowerBound(), true);
        byte[] max = Words.lexBound(range.getUpperBound(), false);
        return (reverse ? new Words(name, key, max, min) : new Words(name, key, min, max)).limit(limit).build();
    }

    @Override
    public Long zCount(byte[] key, org.springframework.data.domain.Range<? extends Number> range) {
        Arguments.notNull(range, "Range");
        return connection.invoke(command("ZCOUNT", key, Words.scoreBound(range.getLowerBound(), true),
                Words.scoreBound(range.getUpperBound(), false)), Replies::toLong);
    }

    @Override
    public Long zLexCount(byte[] key, org.springframework.data.domain.Range<byte[]> range) {
        Arguments.notNull(range, "Range");
        return connection.invoke(command("ZLEXCOUNT", key, Words.lexBound(range.getLowerBound(), true),
                Words.lexBound(range.getUpperBound(), false)), Replies::toLong);
    }

    @Override
    public Tuple zPopMin(byte[] key) {
        return connection.invoke(command("ZPOPMIN", key), Replies::toTuple);
    }

    @Override
    public Set<Tuple> zPopMin(byte[] key, long count) {
        return connection.invoke(command("ZPOPMIN", key, count), Replies::toTupleSet);
    }

    @Override
    public Tuple bZPopMin(byte[] key, long timeout, TimeUnit unit) {
        Arguments.notNull(unit, "Unit");
        return connection.invoke(command("BZPOPMIN", key, blockSeconds(timeout, unit)), FastpathZSetCommands::keyedTuple);
    }

    @Override
    public Tuple zPopMax(byte[] key) {
        return connection.invoke(command("ZPOPMAX", key), Replies::toTuple);
    }

    @Override
    public Set<Tuple> zPopMax(byte[] key, long count) {
        return connection.invoke(command("ZPOPMAX", key, count), Replies::toTupleSet);
    }

    @Override
    public Tuple bZPopMax(byte[] key, long timeout, TimeUnit unit) {
        Arguments.notNull(unit, "Unit");
        return connection.invoke(command("BZPOPMAX", key, blockSeconds(timeout, unit)), FastpathZSetCommands::keyedTuple);
    }

    private static String blockSeconds(long timeout, TimeUnit unit) {
        return Words.formatDouble(unit.toMillis(timeout) / 1000.0);
    }

    /** BZPOPMIN's {@code [key, member, score]}, or nil after the timeout. */
    private static Tuple keyedTuple(Reply reply) {
        List<Reply> parts = Replies.elements(reply);
        if (parts == null || parts.size() < 3) {
            return null;
        }
        return new org.springframework.data.redis.connection.zset.DefaultTuple(Replies.toBytes(parts.get(1)),
                Replies.toDouble(parts.get(2)));
    }

    @Override
    public Long zCard(byte[] key) {
        return connection.invoke(command("ZCARD", key), Replies::toLong);
    }

    @Override
    public Double zScore(byte[] key, byte[] value) {
        return connection.invoke(command("ZSCORE", key, value), Replies::toDouble);
    }

    @Override
    public List<Double> zMScore(byte[] key, byte[]... values) {
        return connection.invoke(new Words("ZMSCORE", key).add((Object[]) values).build(), Replies::toDoubleList);
    }

    @Override
    public Long zRemRange(byte[] key, long start, long end) {
        return connection.invoke(command("ZREMRANGEBYRANK", key, start, end), Replies::toLong);
    }

    @Override
    public Long zRemRangeByLex(byte[] key, org.springframework.data.domain.Range<byte[]> range) {
        Arguments.notNull(range, "Range");
        return connection.invoke(command("ZREMRANGEBYLEX", key, Words.lexBound(range.getLowerBound(), true),
                Words.lexBound(range.getUpperBound(), false)), Replies::toLong);
    }

    @Override
    public Long zRemRangeByScore(byte[] key, org.springframework.data.domain.Range<? extends Number> range) {
        Arguments.notNull(range, "Range");
        return connection.invoke(command("ZREMRANGEBYSCORE", key, Words.scoreBound(range.getLowerBound(), true),
                Words.scoreBound(range.getUpperBound(), false)), Replies::toLong);
    }

    @Override
    public Set<byte[]> zDiff(byte[]... sets) {
        Arguments.notNull(sets, "Sets");
        return connection.invoke(new Words("ZDIFF", sets.length).add((Object[]) sets).build(), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zDiffWithScores(byte[]... sets) {
        Arguments.notNull(sets, "Sets");
        return connection.invoke(new Words("ZDIFF", sets.length).add((Object[]) sets).add("WITHSCORES").build(),
                Replies::toTupleSet);
    }

    @Override
    public Long zDiffStore(byte[] destKey, byte[]... sets) {
        Arguments.notNull(sets, "Sets");
        return connection.invoke(new Words("ZDIFFSTORE", destKey, sets.length).add((Object[]) sets).build(), Replies::toLong);
    }

    @Override
    public Set<byte[]> zInter(byte[]... sets) {
        return connection.invoke(combine("ZINTER", null, null, null, sets, false), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zInterWithScores(byte[]... sets) {
        return connection.invoke(combine("ZINTER", null, null, null, sets, true), Replies::toTupleSet);
    }

    @Override
    public Set<Tuple> zInterWithScores(Aggregate aggregate, Weights weights, byte[]... sets) {
        Arguments.notNull(aggregate, "Aggregate");
        Arguments.notNull(weights, "Weights");
        return connection.invoke(combine("ZINTER", null, aggregate, weights, sets, true), Replies::toTupleSet);
    }

    @Override
    public Long zInterStore(byte[] destKey, byte[]... sets) {
        Arguments.notNull(destKey, "DestKey");
        return connection.invoke(combine("ZINTERSTORE", destKey, null, null, sets, false), Replies::toLong);
    }

    @Override
    public Long zInterStore(byte[] destKey, Aggregate aggregate, Weights weights, byte[]... sets) {
        Arguments.notNull(aggregate, "Aggregate");
        Arguments.notNull(destKey, "DestKey");
        Arguments.notNull(weights, "Weights");
        return connection.invoke(combine("ZINTERSTORE", destKey, aggregate, weights, sets, false), Replies::toLong);
    }

    @Override
    public Set<byte[]> zUnion(byte[]... sets) {
        return connection.invoke(combine("ZUNION", null, null, null, sets, false), Replies::toBytesSet);
    }

    @Override
    public Set<Tuple> zUnionWithScores(byte[]... sets) {
        return connection.invoke(combine("ZUNION", null, null, null, sets, true), Replies::toTupleSet);
    }

    @Override
    public Set<Tuple> zUnionWithScores(Aggregate aggregate, Weights weights, byte[]... sets) {
        Arguments.notNull(aggregate, "Aggregate");
        Arguments.notNull(weights, "Weights");
        return connection.invoke(combine("ZUNION", null, aggregate, weights, sets, true), Replies::toTupleSet);
    }

    @Override
    public Long zUnionStore(byte[] destKey, byte[]... sets) {
        Arguments.notNull(destKey, "DestKey");
        return connection.invoke(combine("ZUNIONSTORE", destKey, null, null, sets, false), Replies::toLong);
    }

    @Override
    public Long zUnionStore(byte[] destKey, Aggregate aggregate, Weights weights, byte[]... sets) {
        Arguments.notNull(aggregate, "Aggregate");
        Arguments.notNull(destKey, "DestKey");
        Arguments.notNull(weights, "Weights");
        return connection.invoke(combine("ZUNIONSTORE", destKey, aggregate, weights, sets, false), Replies::toLong);
    }

    /** ZINTER/ZUNION[STORE] [dest] numkeys key... [WEIGHTS w...] [AGGREGATE a] [WITHSCORES]. */
    static Command<Reply> combine(String name, byte[] destKey, Aggregate aggregate, Weights weights, byte[][] sets,
                                          boolean withScores) {
        Arguments.noNullElements(sets, "Source sets");
        Arguments.check(weights == null || weights.size() == sets.length, "The number of weights must match the number of source sets");
        Words words = destKey == null ? new Words(name) : new Words(name, destKey);
        words.add(sets.length).add((Object[]) sets);
        if (weights != null) {
            words.add("WEIGHTS");
            for (double weight : weights.toArray()) {
                words.add(Words.formatDouble(weight));
            }
        }
        if (aggregate != null) {
            words.add("AGGREGATE", aggregate.name());
        }
        return words.addIf(withScores, "WITHSCORES").build();
    }

    @Override
    public Cursor<Tuple> zScan(byte[] key, ScanOptions options) {
        return new ReplyScanCursor<>(options, (cursor, scanOptions) -> connection.scanPage(
                new Words("ZSCAN", key, cursor).add(ReplyScanCursor.scanWords(scanOptions)).build()),
                Replies::toTupleList).open();
    }

    @Override
    public Set<byte[]> zRangeByLex(byte[] key, org.springframework.data.domain.Range<byte[]> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(byLex("ZRANGEBYLEX", key, range, false, limit), Replies::toBytesSet);
    }

    @Override
    public Set<byte[]> zRevRangeByLex(byte[] key, org.springframework.data.domain.Range<byte[]> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return connection.invoke(byLex("ZREVRANGEBYLEX", key, range, true, limit), Replies::toBytesSet);
    }

    @Override
    public Long zRangeStoreByLex(byte[] dstKey, byte[] srcKey, org.springframework.data.domain.Range<byte[]> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return rangeStore(dstKey, srcKey, Words.lexBound(range.getLowerBound(), true), Words.lexBound(range.getUpperBound(), false),
                "BYLEX", false, limit);
    }

    @Override
    public Long zRangeStoreRevByLex(byte[] dstKey, byte[] srcKey, org.springframework.data.domain.Range<byte[]> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return rangeStore(dstKey, srcKey, Words.lexBound(range.getUpperBound(), false), Words.lexBound(range.getLowerBound(), true),
                "BYLEX", true, limit);
    }

    @Override
    public Long zRangeStoreByScore(byte[] dstKey, byte[] srcKey, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return rangeStore(dstKey, srcKey, Words.scoreBound(range.getLowerBound(), true),
                Words.scoreBound(range.getUpperBound(), false), "BYSCORE", false, limit);
    }

    @Override
    public Long zRangeStoreRevByScore(byte[] dstKey, byte[] srcKey, org.springframework.data.domain.Range<? extends Number> range, org.springframework.data.redis.connection.Limit limit) {
        Arguments.notNull(limit, "Limit");
        Arguments.notNull(range, "Range");
        return rangeStore(dstKey, srcKey, Words.scoreBound(range.getUpperBound(), false),
                Words.scoreBound(range.getLowerBound(), true), "BYSCORE", true, limit);
    }

    private Long rangeStore(byte[] dstKey, byte[] srcKey, Object start, Object stop, String by, boolean reverse, org.springframework.data.redis.connection.Limit limit) {
        return connection.invoke(new Words("ZRANGESTORE", dstKey, srcKey, start, stop, by).addIf(reverse, "REV").limit(limit)
                .build(), Replies::toLong);
    }
}
