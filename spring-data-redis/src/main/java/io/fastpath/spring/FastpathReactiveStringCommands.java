package io.fastpath.spring;

import static io.fastpath.spring.ReactiveRunner.buffer;
import static io.fastpath.spring.ReactiveRunner.buffers;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import java.nio.ByteBuffer;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.ReactiveClusterStringCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.AbsentByteBufferResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.ByteBufferResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.RangeCommand;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** String commands, built by {@link FastpathStringCommands}; on a cluster MGET and MSET are split by slot. */
final class FastpathReactiveStringCommands implements ReactiveClusterStringCommands {
    private final ReactiveRunner runner;

    FastpathReactiveStringCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<BooleanResponse<SetCommand>> set(Publisher<SetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getValue(), "Value must not be null");
            Expiration expiration = command.getExpiration().orElse(null);
            SetOption option = command.getOption().orElse(null);
            Mono<Boolean> set = expiration == null && option == null
                    ? runner.run(c -> c.stringCommands().set(bytes(command.getKey()), bytes(command.getValue())))
                    : runner.run(c -> c.stringCommands().set(bytes(command.getKey()), bytes(command.getValue()),
                            expiration == null ? Expiration.persistent() : expiration, option == null ? SetOption.upsert() : option));
            return set.defaultIfEmpty(false).map(done -> new BooleanResponse<>(command, done));
        });
    }

    @Override
    public Flux<ByteBufferResponse<SetCommand>> setGet(Publisher<SetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getValue(), "Value must not be null");
            return present(command, runner.run(c -> c.stringCommands().setGet(bytes(command.getKey()), bytes(command.getValue()),
                    command.getExpiration().orElse(Expiration.persistent()), command.getOption().orElse(SetOption.upsert()))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<KeyCommand>> get(Publisher<KeyCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            return present(command, runner.execute(FastpathConnection.typed().get(bytes(command.getKey()))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<KeyCommand>> getDel(Publisher<KeyCommand> commands) {
        return each(commands, command -> present(command, runner.run(c -> c.stringCommands().getDel(bytes(command.getKey())))));
    }

    @Override
    public Flux<ByteBufferResponse<GetExCommand>> getEx(Publisher<GetExCommand> commands) {
        return each(commands, command -> present(command,
                runner.run(c -> c.stringCommands().getEx(bytes(command.getKey()), command.getExpiration()))));
    }

    @Override
    public Flux<ByteBufferResponse<SetCommand>> getSet(Publisher<SetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getValue(), "Value must not be null");
            if (command.getExpiration().isPresent() || command.getOption().isPresent()) {
                throw new IllegalArgumentException("Command must not define expiration nor option for GETSET");
            }
            return present(command, runner.run(c -> c.stringCommands().getSet(bytes(command.getKey()), bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<MultiValueResponse<List<ByteBuffer>, ByteBuffer>> mGet(Publisher<List<ByteBuffer>> keySets) {
        return each(keySets, keys -> {
            Assert.notNull(keys, "Keys must not be null");
            return runner.execute(FastpathConnection.typed().mget(bytes(keys)))
                    .map(values -> new MultiValueResponse<>(keys, buffers(values)));
        });
    }

    @Override
    public Flux<BooleanResponse<SetCommand>> setNX(Publisher<SetCommand> commands) {
        return each(commands, command -> bool(command,
                runner.run(c -> c.stringCommands().setNX(bytes(command.getKey()), bytes(command.getValue())))));
    }

    @Override
    public Flux<BooleanResponse<SetCommand>> setEX(Publisher<SetCommand> commands) {
        return each(commands, command -> {
            Assert.isTrue(command.getExpiration().isPresent(), "Expiration time must not be null");
            return bool(command, runner.run(c -> c.stringCommands().setEx(bytes(command.getKey()),
                    command.getExpiration().get().getExpirationTimeInSeconds(), bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<BooleanResponse<SetCommand>> pSetEX(Publisher<SetCommand> commands) {
        return each(commands, command -> {
            Assert.isTrue(command.getExpiration().isPresent(), "Expiration time must not be null");
            return bool(command, runner.run(c -> c.stringCommands().pSetEx(bytes(command.getKey()),
                    command.getExpiration().get().getExpirationTimeInMilliseconds(), bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<BooleanResponse<MSetCommand>> mSet(Publisher<MSetCommand> commands) {
        return each(commands, command -> {
            Assert.notEmpty(command.getKeyValuePairs(), "Pairs must not be null or empty");
            // the typed MSET's reply is Void, which a Mono carries as empty: its only reply, OK, is true
            return bool(command, runner.run(c -> c.stringCommands().mSet(ReactiveRunner.pairs(command.getKeyValuePairs())))
                    .defaultIfEmpty(Boolean.TRUE));
        });
    }

    @Override
    public Flux<BooleanResponse<MSetCommand>> mSetNX(Publisher<MSetCommand> commands) {
        return each(commands, command -> {
            Assert.notEmpty(command.getKeyValuePairs(), "Pairs must not be null or empty");
            return bool(command, runner.run(c -> c.stringCommands().mSetNX(ReactiveRunner.pairs(command.getKeyValuePairs()))));
        });
    }

    @Override
    public Flux<NumericResponse<AppendCommand, Long>> append(Publisher<AppendCommand> commands) {
        return each(commands, command -> number(command,
                runner.run(c -> c.stringCommands().append(bytes(command.getKey()), bytes(command.getValue())))));
    }

    @Override
    public Flux<ByteBufferResponse<RangeCommand>> getRange(Publisher<RangeCommand> commands) {
        return each(commands, command -> {
            Range<Long> range = command.getRange();
            return runner.run(c -> c.stringCommands().getRange(bytes(command.getKey()), ReactiveRunner.start(range),
                    ReactiveRunner.end(range))).map(value -> new ByteBufferResponse<>(command, buffer(value)));
        });
    }

    @Override
    public Flux<NumericResponse<SetRangeCommand, Long>> setRange(Publisher<SetRangeCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getOffset(), "Offset must not be null");
            return number(command, runner.runRaw(c -> c.stringCommands().setRange(bytes(command.getKey()),
                    bytes(command.getValue()), command.getOffset()), Replies::toLong));
        });
    }

    @Override
    public Flux<BooleanResponse<GetBitCommand>> getBit(Publisher<GetBitCommand> commands) {
        return each(commands, command -> bool(command,
                runner.run(c -> c.stringCommands().getBit(bytes(command.getKey()), command.getOffset()))));
    }

    @Override
    public Flux<BooleanResponse<SetBitCommand>> setBit(Publisher<SetBitCommand> commands) {
        return each(commands, command -> bool(command,
                runner.run(c -> c.stringCommands().setBit(bytes(command.getKey()), command.getOffset(), command.getValue()))));
    }

    @Override
    public Flux<NumericResponse<BitCountCommand, Long>> bitCount(Publisher<BitCountCommand> commands) {
        return each(commands, command -> {
            Range<Long> range = command.getRange();
            boolean whole = range == null || (!range.getLowerBound().isBounded() && !range.getUpperBound().isBounded());
            return number(command, whole ? runner.run(c -> c.stringCommands().bitCount(bytes(command.getKey())))
                    : runner.run(c -> c.stringCommands().bitCount(bytes(command.getKey()), ReactiveRunner.start(range),
                            ReactiveRunner.end(range))));
        });
    }

    @Override
    public Flux<MultiValueResponse<BitFieldCommand, Long>> bitField(Publisher<BitFieldCommand> commands) {
        return each(commands, command -> runner.run(c -> c.stringCommands().bitField(bytes(command.getKey()),
                command.getSubCommands())).map(values -> new MultiValueResponse<>(command, values)));
    }

    @Override
    public Flux<NumericResponse<BitOpCommand, Long>> bitOp(Publisher<BitOpCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getDestinationKey(), "DestinationKey must not be null");
            Assert.notEmpty(command.getKeys(), "Keys must not be null or empty");
            return number(command, runner.run(c -> c.stringCommands().bitOp(command.getBitOp(),
                    bytes(command.getDestinationKey()), bytes(command.getKeys()))));
        });
    }

    @Override
    public Flux<NumericResponse<BitPosCommand, Long>> bitPos(Publisher<BitPosCommand> commands) {
        return each(commands, command -> number(command,
                runner.run(c -> c.stringCommands().bitPos(bytes(command.getKey()), command.getBit(), command.getRange()))));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> strLen(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.stringCommands().strLen(bytes(command.getKey())))));
    }

    /** The value, or an {@link AbsentByteBufferResponse} when there is none (a missing key). */
    static <C> Mono<ByteBufferResponse<C>> present(C command, Mono<byte[]> value) {
        return value.map(bytes -> new ByteBufferResponse<>(command, ByteBuffer.wrap(bytes)))
                .defaultIfEmpty(new AbsentByteBufferResponse<>(command));
    }

    static <C> Mono<BooleanResponse<C>> bool(C command, Mono<Boolean> value) {
        return value.map(result -> new BooleanResponse<>(command, result));
    }

    static <C, N extends Number> Mono<NumericResponse<C, N>> number(C command, Mono<N> value) {
        return value.map(result -> new NumericResponse<>(command, result));
    }
}
