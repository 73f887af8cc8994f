package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveListCommands.values;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.reactivestreams.Publisher;
import org.springframework.data.domain.Range;
import org.springframework.data.domain.Sort.Direction;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.ReactiveClusterZSetCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyScanCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.connection.zset.Weights;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sorted-set commands, built by {@link FastpathZSetCommands}; ZSCAN fetches a page only while the subscriber wants
 * more. Members asked for without scores come back as {@link Tuple}s whose score is NaN, as with Lettuce's factory.
 */
final class FastpathReactiveZSetCommands implements ReactiveClusterZSetCommands {
    private final ReactiveRunner runner;

    FastpathReactiveZSetCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<ZAddCommand, Number>> zAdd(Publisher<ZAddCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notEmpty(command.getTuples(), "Tuples must not be empty or null");
            ZAddArgs args = ZAddArgs.empty();
            if (command.isIfNotExists()) {
                args = args.nx();
            } else if (command.isIfExists()) {
                args = args.xx();
            }
            if (command.isGt()) {
                args = args.gt();
            } else if (command.isLt()) {
                args = args.lt();
            }
            if (command.isReturnTotalChanged()) {
                args = args.ch();
            }
            byte[] key = bytes(command.getKey());
            if (command.isIncr()) {
                if (command.getTuples().size() > 1) {
                    throw new IllegalArgumentException("ZADD INCR must not contain more than one tuple");
                }
                Tuple tuple = command.getTuples().get(0);
                Words words = new Words("ZADD", key).add(FastpathZSetCommands.zAddFlags(args)).add("INCR",
                        Words.formatDouble(tuple.getScore()), tuple.getValue());
                return number(command, runner.execute(words.build()).<Number>handle((reply, sink) -> {
                    Double score = Replies.toDouble(reply); // nil when NX or XX kept the member as it was
                    if (score != null) {
                        sink.next(score);
                    }
                }));
            }
            ZAddArgs flags = args;
            Set<Tuple> tuples = new java.util.LinkedHashSet<>(command.getTuples());
            return number(command, runner.run(c -> c.zSetCommands().zAdd(key, tuples, flags)).map(count -> (Number) count));
        });
    }

    @Override
    public Flux<NumericResponse<ZRemCommand, Long>> zRem(Publisher<ZRemCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zRem(bytes(command.getKey()),
                bytes(command.getValues())))));
    }

    @Override
    public Flux<NumericResponse<ZIncrByCommand, Double>> zIncrBy(Publisher<ZIncrByCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getIncrement(), "Increment value must not be null");
            return number(command, runner.run(c -> c.zSetCommands().zIncrBy(bytes(command.getKey()),
                    command.getIncrement().doubleValue(), bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<CommandResponse<ZRandMemberCommand, Flux<ByteBuffer>>> zRandMember(Publisher<ZRandMemberCommand> commands) {
        return each(commands, command -> values(command,
                runner.run(c -> c.zSetCommands().zRandMember(bytes(command.getKey()), command.getCount()))));
    }

    @Override
    public Flux<CommandResponse<ZRandMemberCommand, Flux<Tuple>>> zRandMemberWithScore(Publisher<ZRandMemberCommand> commands) {
        return each(commands, command -> tuples(command,
                runner.run(c -> c.zSetCommands().zRandMemberWithScore(bytes(command.getKey()), command.getCount()))));
    }

    @Override
    public Flux<NumericResponse<ZRankCommand, Long>> zRank(Publisher<ZRankCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            byte[] member = bytes(command.getValue());
            return number(command, command.getDirection() == Direction.DESC ? runner.run(c -> c.zSetCommands().zRevRank(key, member))
                    : runner.run(c -> c.zSetCommands().zRank(key, member)));
        });
    }

    @Override
    public Flux<CommandResponse<ZRangeCommand, Flux<Tuple>>> zRange(Publisher<ZRangeCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            long start = ReactiveRunner.start(command.getRange());
            long end = ReactiveRunner.end(command.getRange());
            boolean reverse = command.getDirection() == Direction.DESC;
            if (command.isWithScores()) {
                return tuples(command, reverse ? runner.run(c -> c.zSetCommands().zRevRangeWithScores(key, start, end))
                        : runner.run(c -> c.zSetCommands().zRangeWithScores(key, start, end)));
            }
            return members(command, reverse ? runner.run(c -> c.zSetCommands().zRevRange(key, start, end))
                    : runner.run(c -> c.zSetCommands().zRange(key, start, end)));
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public Flux<CommandResponse<ZRangeStoreCommand, Mono<Long>>> zRangeStore(Publisher<ZRangeStoreCommand> commands) {
        return each(commands, command -> {
            byte[] destination = bytes(command.getDestKey());
            byte[] source = bytes(command.getKey());
            Limit limit = command.getLimit() == null ? Limit.unlimited() : command.getLimit();
            boolean reverse = command.getDirection() == Direction.DESC;
            Mono<Long> stored = switch (command.getRangeMode()) {
                case ByScore -> {
                    Range<? extends Number> range = (Range<? extends Number>) command.getRange();
                    yield reverse ? runner.run(c -> c.zSetCommands().zRangeStoreRevByScore(destination, source, range, limit))
                            : runner.run(c -> c.zSetCommands().zRangeStoreByScore(destination, source, range, limit));
                }
                case ByLex -> {
                    Range<byte[]> range = lex((Range<String>) command.getRange());
                    yield reverse ? runner.run(c -> c.zSetCommands().zRangeStoreRevByLex(destination, source, range, limit))
                            : runner.run(c -> c.zSetCommands().zRangeStoreByLex(destination, source, range, limit));
                }
            };
            return Mono.just(new CommandResponse<>(command, stored));
        });
    }

    @Override
    public Flux<CommandResponse<ZRangeByScoreCommand, Flux<Tuple>>> zRangeByScore(Publisher<ZRangeByScoreCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            Range<Double> range = command.getRange();
            Limit limit = command.getLimit().orElse(Limit.unlimited());
            boolean reverse = command.getDirection() == Direction.DESC;
            if (command.isWithScores()) {
                return tuples(command, reverse ? runner.run(c -> c.zSetCommands().zRevRangeByScoreWithScores(key, range, limit))
                        : runner.run(c -> c.zSetCommands().zRangeByScoreWithScores(key, range, limit)));
            }
            return members(command, reverse ? runner.run(c -> c.zSetCommands().zRevRangeByScore(key, range, limit))
                    : runner.run(c -> c.zSetCommands().zRangeByScore(key, range, limit)));
        });
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<Tuple>>> zScan(Publisher<KeyScanCommand> commands) {
        return each(commands, command -> Mono.fromSupplier(() -> new CommandResponse<KeyCommand, Flux<Tuple>>(command,
                runner.commands().zscan(bytes(command.getKey()), ReactiveRunner.scanArgs(command.getOptions()))
                        .map(scored -> (Tuple) new DefaultTuple(scored.value(), scored.score()))
                        .onErrorMap(ReactiveRunner::translate))));
    }

    @Override
    public Flux<NumericResponse<ZCountCommand, Long>> zCount(Publisher<ZCountCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zCount(bytes(command.getKey()),
                command.getRange()))));
    }

    @Override
    public Flux<NumericResponse<ZLexCountCommand, Long>> zLexCount(Publisher<ZLexCountCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zLexCount(bytes(command.getKey()),
                lex(command.getRange())))));
    }

    @Override
    public Flux<CommandResponse<ZPopCommand, Flux<Tuple>>> zPop(Publisher<ZPopCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            boolean min = command.getDirection() == PopDirection.MIN;
            if (command.getCount() > 1) {
                return tuples(command, min ? runner.run(c -> c.zSetCommands().zPopMin(key, command.getCount()))
                        : runner.run(c -> c.zSetCommands().zPopMax(key, command.getCount())));
            }
            return tuples(command, (min ? runner.run(c -> c.zSetCommands().zPopMin(key))
                    : runner.run(c -> c.zSetCommands().zPopMax(key))).map(List::of));
        });
    }

    @Override
    public Flux<CommandResponse<BZPopCommand, Flux<Tuple>>> bZPop(Publisher<BZPopCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getTimeout(), "Timeout must not be null");
            byte[] key = bytes(command.getKey());
            return tuples(command, (command.getDirection() == PopDirection.MIN
                    ? runner.run(c -> c.zSetCommands().bZPopMin(key, command.getTimeout(), command.getTimeUnit()))
                    : runner.run(c -> c.zSetCommands().bZPopMax(key, command.getTimeout(), command.getTimeUnit()))).map(List::of));
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> zCard(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zCard(bytes(command.getKey())))));
    }

    @Override
    public Flux<NumericResponse<ZScoreCommand, Double>> zScore(Publisher<ZScoreCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zScore(bytes(command.getKey()),
                bytes(command.getValue())))));
    }

    @Override
    public Flux<MultiValueResponse<ZMScoreCommand, Double>> zMScore(Publisher<ZMScoreCommand> commands) {
        return each(commands, command -> runner.run(c -> c.zSetCommands().zMScore(bytes(command.getKey()),
                bytes(command.getValues()))).map(scores -> new MultiValueResponse<>(command, scores)));
    }

    @Override
    public Flux<NumericResponse<ZRemRangeByRankCommand, Long>> zRemRangeByRank(Publisher<ZRemRangeByRankCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zRemRange(bytes(command.getKey()),
                ReactiveRunner.start(command.getRange()), ReactiveRunner.end(command.getRange())))));
    }

    @Override
    public Flux<NumericResponse<ZRemRangeByScoreCommand, Long>> zRemRangeByScore(Publisher<ZRemRangeByScoreCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zRemRangeByScore(
                bytes(command.getKey()), command.getRange()))));
    }

    @Override
    public Flux<NumericResponse<ZRemRangeByLexCommand, Long>> zRemRangeByLex(Publisher<ZRemRangeByLexCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zRemRangeByLex(
                bytes(command.getKey()), lex(command.getRange())))));
    }

    @Override
    public Flux<CommandResponse<ZDiffCommand, Flux<ByteBuffer>>> zDiff(Publisher<? extends ZDiffCommand> commands) {
        return each(commands, command -> values((ZDiffCommand) command,
                runner.run(c -> c.zSetCommands().zDiff(bytes(command.getKeys())))));
    }

    @Override
    public Flux<CommandResponse<ZDiffCommand, Flux<Tuple>>> zDiffWithScores(Publisher<? extends ZDiffCommand> commands) {
        return each(commands, command -> tuples((ZDiffCommand) command,
                runner.run(c -> c.zSetCommands().zDiffWithScores(bytes(command.getKeys())))));
    }

    @Override
    public Flux<NumericResponse<ZDiffStoreCommand, Long>> zDiffStore(Publisher<ZDiffStoreCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.zSetCommands().zDiffStore(bytes(command.getKey()),
                bytes(command.getSourceKeys())))));
    }

    @Override
    public Flux<CommandResponse<ZAggregateCommand, Flux<ByteBuffer>>> zInter(Publisher<? extends ZAggregateCommand> commands) {
        return each(commands, command -> values((ZAggregateCommand) command, combine("ZINTER", null, command, false)
                .map(Replies::toBytesList)));
    }

    @Override
    public Flux<CommandResponse<ZAggregateCommand, Flux<Tuple>>> zInterWithScores(Publisher<? extends ZAggregateCommand> commands) {
        return each(commands, command -> tuples((ZAggregateCommand) command, combine("ZINTER", null, command, true)
                .map(Replies::toTupleList)));
    }

    @Override
    public Flux<NumericResponse<ZAggregateStoreCommand, Long>> zInterStore(Publisher<? extends ZAggregateStoreCommand> commands) {
        return each(commands, command -> number((ZAggregateStoreCommand) command, combineStore("ZINTERSTORE", command)));
    }

    @Override
    public Flux<CommandResponse<ZAggregateCommand, Flux<ByteBuffer>>> zUnion(Publisher<? extends ZAggregateCommand> commands) {
        return each(commands, command -> values((ZAggregateCommand) command, combine("ZUNION", null, command, false)
                .map(Replies::toBytesList)));
    }

    @Override
    public Flux<CommandResponse<ZAggregateCommand, Flux<Tuple>>> zUnionWithScores(Publisher<? extends ZAggregateCommand> commands) {
        return each(commands, command -> tuples((ZAggregateCommand) command, combine("ZUNION", null, command, true)
                .map(Replies::toTupleList)));
    }

    @Override
    public Flux<NumericResponse<ZAggregateStoreCommand, Long>> zUnionStore(Publisher<? extends ZAggregateStoreCommand> commands) {
        return each(commands, command -> number((ZAggregateStoreCommand) command, combineStore("ZUNIONSTORE", command)));
    }

    private Mono<io.fastpath.command.Reply> combine(String name, byte[] destination, ZAggregateCommand command, boolean withScores) {
        Assert.notEmpty(command.getSourceKeys(), "Source keys must not be null or empty");
        return runner.execute(FastpathZSetCommands.combine(name, destination, command.getAggregateFunction().orElse(null),
                weights(command.getWeights()), bytes(command.getSourceKeys()), withScores));
    }

    private Mono<Long> combineStore(String name, ZAggregateStoreCommand command) {
        Assert.notNull(command.getKey(), "Destination key must not be null");
        Assert.notEmpty(command.getSourceKeys(), "Source keys must not be null or empty");
        return runner.execute(FastpathZSetCommands.combine(name, bytes(command.getKey()),
                command.getAggregateFunction().orElse(null), weights(command.getWeights()), bytes(command.getSourceKeys()), false))
                .map(Replies::toLong);
    }

    private static Weights weights(List<Double> weights) {
        return weights == null || weights.isEmpty() ? null : Weights.of(weights.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @Override
    public Flux<CommandResponse<ZRangeByLexCommand, Flux<ByteBuffer>>> zRangeByLex(Publisher<ZRangeByLexCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            Range<byte[]> range = lex(command.getRange());
            Limit limit = command.getLimit() == null ? Limit.unlimited() : command.getLimit();
            return values(command, command.getDirection() == Direction.DESC
                    ? runner.run(c -> c.zSetCommands().zRevRangeByLex(key, range, limit))
                    : runner.run(c -> c.zSetCommands().zRangeByLex(key, range, limit)));
        });
    }

    /** A lexical range of text as the byte range the blocking SPI takes. */
    private static Range<byte[]> lex(Range<String> range) {
        return Range.of(lexBound(range.getLowerBound()), lexBound(range.getUpperBound()));
    }

    private static Range.Bound<byte[]> lexBound(Range.Bound<String> bound) {
        if (!bound.isBounded()) {
            return Range.Bound.unbounded();
        }
        byte[] value = bound.getValue().get().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return bound.isInclusive() ? Range.Bound.inclusive(value) : Range.Bound.exclusive(value);
    }

    private static <C> Mono<CommandResponse<C, Flux<Tuple>>> tuples(C command, Mono<? extends Collection<Tuple>> tuples) {
        return tuples.<Collection<Tuple>>map(list -> list).defaultIfEmpty(List.of())
                .map(list -> new CommandResponse<>(command, Flux.fromIterable(list)));
    }

    /** Members without scores, as tuples scored NaN. */
    private static <C> Mono<CommandResponse<C, Flux<Tuple>>> members(C command, Mono<? extends Collection<byte[]>> members) {
        return tuples(command, members.map(values -> {
            List<Tuple> tuples = new ArrayList<>(values.size());
            for (byte[] value : values) {
                tuples.add(new DefaultTuple(value, Double.NaN));
            }
            return tuples;
        }));
    }
}
