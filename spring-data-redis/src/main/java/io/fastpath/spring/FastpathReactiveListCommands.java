package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.bool;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.buffer;
import static io.fastpath.spring.ReactiveRunner.buffers;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;
import static io.fastpath.spring.ReactiveRunner.flux;

import java.nio.ByteBuffer;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.ReactiveClusterListCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.ByteBufferResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.RangeCommand;
import org.springframework.data.redis.connection.RedisListCommands;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * List commands, built by {@link FastpathListCommands}; the blocking pops (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH) go to the
 * client's blocking pool, never a shared connection, and hold no thread while they wait.
 */
final class FastpathReactiveListCommands implements ReactiveClusterListCommands {
    private final ReactiveRunner runner;

    FastpathReactiveListCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<PushCommand, Long>> push(Publisher<PushCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notEmpty(command.getValues(), "Values must not be null or empty");
            if (!command.getUpsert() && command.getValues().size() > 1) {
                throw new InvalidDataAccessApiUsageException("%s PUSHX only allows one value".formatted(command.getDirection()));
            }
            byte[] key = bytes(command.getKey());
            boolean right = command.getDirection() == Direction.RIGHT;
            Mono<Long> pushed;
            if (command.getUpsert()) {
                byte[][] values = bytes(command.getValues());
                pushed = right ? runner.run(c -> c.listCommands().rPush(key, values)) : runner.run(c -> c.listCommands().lPush(key, values));
            } else {
                byte[] value = bytes(command.getValues().get(0));
                pushed = right ? runner.run(c -> c.listCommands().rPushX(key, value)) : runner.run(c -> c.listCommands().lPushX(key, value));
            }
            return number(command, pushed);
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> lLen(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.listCommands().lLen(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<RangeCommand, Flux<ByteBuffer>>> lRange(Publisher<RangeCommand> commands) {
        return each(commands, command -> {
            Range<Long> range = command.getRange();
            return values(command, runner.run(c -> c.listCommands().lRange(bytes(command.getKey()), ReactiveRunner.start(range),
                    ReactiveRunner.end(range))));
        });
    }

    @Override
    public Flux<BooleanResponse<RangeCommand>> lTrim(Publisher<RangeCommand> commands) {
        return each(commands, command -> {
            Range<Long> range = command.getRange();
            return bool(command, runner.runRaw(c -> c.listCommands().lTrim(bytes(command.getKey()), ReactiveRunner.start(range),
                    ReactiveRunner.end(range)), Replies::toBoolean));
        });
    }

    @Override
    public Flux<NumericResponse<LPosCommand, Long>> lPos(Publisher<LPosCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getElement(), "Element must not be null");
            return runner.run(c -> c.listCommands().lPos(bytes(command.getKey()), bytes(command.getElement()), command.getRank(),
                    command.getCount())).flatMapIterable(positions -> positions)
                    .map(position -> new NumericResponse<>(command, position));
        });
    }

    @Override
    public Flux<ByteBufferResponse<LIndexCommand>> lIndex(Publisher<LIndexCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getIndex(), "Index value must not be null");
            return runner.run(c -> c.listCommands().lIndex(bytes(command.getKey()), command.getIndex()))
                    .map(value -> new ByteBufferResponse<>(command, buffer(value)));
        });
    }

    @Override
    public Flux<NumericResponse<LInsertCommand, Long>> lInsert(Publisher<LInsertCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getPosition(), "Position must not be null");
            return number(command, runner.run(c -> c.listCommands().lInsert(bytes(command.getKey()), command.getPosition(),
                    bytes(command.getPivot()), bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<LMoveCommand>> lMove(Publisher<? extends LMoveCommand> commands) {
        return each(commands, command -> runner.run(c -> c.listCommands().lMove(bytes(command.getKey()),
                bytes(command.getDestinationKey()), side(command.getFrom()), side(command.getTo())))
                .map(value -> new ByteBufferResponse<LMoveCommand>(command, buffer(value))));
    }

    @Override
    public Flux<ByteBufferResponse<BLMoveCommand>> bLMove(Publisher<BLMoveCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getTimeout(), "Timeout must not be null");
            return runner.run(c -> c.listCommands().bLMove(bytes(command.getKey()), bytes(command.getDestinationKey()),
                    side(command.getFrom()), side(command.getTo()), command.getTimeout().toMillis() / 1000.0))
                    .map(value -> new ByteBufferResponse<>(command, buffer(value)));
        });
    }

    private static RedisListCommands.Direction side(Direction direction) {
        return direction == Direction.LEFT ? RedisListCommands.Direction.LEFT : RedisListCommands.Direction.RIGHT;
    }

    @Override
    public Flux<BooleanResponse<LSetCommand>> lSet(Publisher<LSetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getIndex(), "Index must not be null");
            return bool(command, runner.runRaw(c -> c.listCommands().lSet(bytes(command.getKey()), command.getIndex(),
                    bytes(command.getValue())), Replies::toBoolean));
        });
    }

    @Override
    public Flux<NumericResponse<LRemCommand, Long>> lRem(Publisher<LRemCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getCount(), "Count must not be null");
            return number(command, runner.run(c -> c.listCommands().lRem(bytes(command.getKey()), command.getCount(),
                    bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<PopCommand>> pop(Publisher<PopCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            return (command.getDirection() == Direction.RIGHT ? runner.run(c -> c.listCommands().rPop(key))
                    : runner.run(c -> c.listCommands().lPop(key))).map(value -> new ByteBufferResponse<>(command, buffer(value)));
        });
    }

    @Override
    public Flux<CommandResponse<PopCommand, Flux<ByteBuffer>>> popList(Publisher<PopCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            return values(command, command.getDirection() == Direction.RIGHT ? runner.run(c -> c.listCommands().rPop(key, command.getCount()))
                    : runner.run(c -> c.listCommands().lPop(key, command.getCount())));
        });
    }

    @Override
    public Flux<PopResponse> bPop(Publisher<BPopCommand> commands) {
        return each(commands, command -> {
            Assert.notEmpty(command.getKeys(), "Keys must not be null or empty");
            Assert.notNull(command.getTimeout(), "Timeout must not be null");
            byte[][] keys = bytes(command.getKeys());
            int seconds = (int) command.getTimeout().toSeconds();
            Mono<List<byte[]>> popped = command.getDirection() == Direction.RIGHT
                    ? runner.run(c -> c.listCommands().bRPop(seconds, keys)) : runner.run(c -> c.listCommands().bLPop(seconds, keys));
            return popped.filter(pair -> !pair.isEmpty()).map(pair -> new PopResponse(command, new PopResult(buffers(pair))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<RPopLPushCommand>> rPopLPush(Publisher<RPopLPushCommand> commands) {
        return each(commands, command -> runner.run(c -> c.listCommands().rPopLPush(bytes(command.getKey()),
                bytes(command.getDestination()))).map(value -> new ByteBufferResponse<>(command, buffer(value))));
    }

    @Override
    public Flux<ByteBufferResponse<BRPopLPushCommand>> bRPopLPush(Publisher<BRPopLPushCommand> commands) {
        return each(commands, command -> runner.run(c -> c.listCommands().bRPopLPush((int) command.getTimeout().toSeconds(),
                bytes(command.getKey()), bytes(command.getDestination())))
                .map(value -> new ByteBufferResponse<>(command, buffer(value))));
    }

    /** A multi-value reply as Spring's reactive SPI hands it out: the command's response with a Flux of the values. */
    static <C> Mono<CommandResponse<C, Flux<ByteBuffer>>> values(C command, Mono<? extends java.util.Collection<byte[]>> values) {
        return values.<java.util.Collection<byte[]>>map(list -> list).defaultIfEmpty(List.of())
                .map(list -> new CommandResponse<>(command, flux(list)));
    }
}
