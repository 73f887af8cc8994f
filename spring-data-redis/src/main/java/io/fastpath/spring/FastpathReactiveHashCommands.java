package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveListCommands.values;
import static io.fastpath.spring.FastpathReactiveStringCommands.bool;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.buffer;
import static io.fastpath.spring.ReactiveRunner.buffers;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;
import static io.fastpath.spring.ReactiveRunner.pairs;

import java.nio.ByteBuffer;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.ExpirationOptions;
import org.springframework.data.redis.connection.ReactiveClusterHashCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyScanCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Hash commands, built by {@link FastpathHashCommands}; HSCAN fetches a page only while the subscriber wants more. The
 * field-expiry commands (HEXPIRE..., HGETEX, HSETEX) need a server that has them.
 */
final class FastpathReactiveHashCommands implements ReactiveClusterHashCommands {
    private final ReactiveRunner runner;

    FastpathReactiveHashCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<BooleanResponse<HSetCommand>> hSet(Publisher<HSetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notEmpty(command.getFieldValueMap(), "FieldValueMap must not be null or empty");
            byte[] key = bytes(command.getKey());
            Map<byte[], byte[]> fields = pairs(command.getFieldValueMap());
            Mono<Boolean> set;
            if (fields.size() == 1) {
                Map.Entry<byte[], byte[]> field = fields.entrySet().iterator().next();
                set = command.isUpsert() ? runner.run(c -> c.hashCommands().hSet(key, field.getKey(), field.getValue()))
                        : runner.run(c -> c.hashCommands().hSetNX(key, field.getKey(), field.getValue()));
            } else {
                set = runner.runRaw(c -> c.hashCommands().hMSet(key, fields), reply -> true);
            }
            return bool(command, set);
        });
    }

    @Override
    public Flux<MultiValueResponse<HGetCommand, ByteBuffer>> hMGet(Publisher<HGetCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getFields(), "Fields must not be null");
            return runner.run(c -> c.hashCommands().hMGet(bytes(command.getKey()), bytes(command.getFields())))
                    .map(values -> new MultiValueResponse<>(command, buffers(values)));
        });
    }

    @Override
    public Flux<BooleanResponse<HExistsCommand>> hExists(Publisher<HExistsCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.hashCommands().hExists(bytes(command.getKey()),
                bytes(command.getField())))));
    }

    @Override
    public Flux<NumericResponse<HDelCommand, Long>> hDel(Publisher<HDelCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.hashCommands().hDel(bytes(command.getKey()),
                bytes(command.getFields())))));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> hLen(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.hashCommands().hLen(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<HRandFieldCommand, Flux<ByteBuffer>>> hRandField(Publisher<HRandFieldCommand> commands) {
        return each(commands, command -> values(command,
                runner.run(c -> c.hashCommands().hRandField(bytes(command.getKey()), command.getCount()))));
    }

    @Override
    public Flux<CommandResponse<HRandFieldCommand, Flux<Map.Entry<ByteBuffer, ByteBuffer>>>> hRandFieldWithValues(
            Publisher<HRandFieldCommand> commands) {
        return each(commands, command -> entries(command,
                runner.run(c -> c.hashCommands().hRandFieldWithValues(bytes(command.getKey()), command.getCount()))));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<ByteBuffer>>> hKeys(Publisher<KeyCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.hashCommands().hKeys(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<ByteBuffer>>> hVals(Publisher<KeyCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.hashCommands().hVals(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<Map.Entry<ByteBuffer, ByteBuffer>>>> hGetAll(Publisher<KeyCommand> commands) {
        return each(commands, command -> entries(command,
                runner.run(c -> c.hashCommands().hGetAll(bytes(command.getKey()))).map(map -> List.copyOf(map.entrySet()))));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<Map.Entry<ByteBuffer, ByteBuffer>>>> hScan(Publisher<KeyScanCommand> commands) {
        return each(commands, command -> Mono.fromSupplier(() -> new CommandResponse<KeyCommand, Flux<Map.Entry<ByteBuffer, ByteBuffer>>>(
                command, runner.commands().hscan(bytes(command.getKey()), ReactiveRunner.scanArgs(command.getOptions()))
                        .map(FastpathReactiveHashCommands::entry).onErrorMap(ReactiveRunner::translate))));
    }

    @Override
    public Flux<NumericResponse<HStrLenCommand, Long>> hStrLen(Publisher<HStrLenCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.hashCommands().hStrLen(bytes(command.getKey()),
                bytes(command.getField())))));
    }

    @Override
    public Flux<NumericResponse<HashExpireCommand, Long>> applyHashFieldExpiration(Publisher<HashExpireCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getFields(), "Fields must not be null");
            byte[] key = bytes(command.getKey());
            byte[][] fields = bytes(command.getFields());
            Expiration expiration = command.getExpiration();
            if (expiration.isPersistent()) {
                return perField(command, runner.run(c -> c.hashCommands().hPersist(key, fields)));
            }
            ExpirationOptions.Condition condition = FastpathReactiveKeyCommands.condition(command.getOptions());
            boolean precise = expiration.getTimeUnit() == TimeUnit.MILLISECONDS; // isPrecise() is 4.0's
            Mono<List<Long>> applied;
            if (expiration.isUnixTimestamp()) {
                applied = precise
                        ? runner.run(c -> c.hashCommands().hpExpireAt(key, expiration.getExpirationTimeInMilliseconds(), condition, fields))
                        : runner.run(c -> c.hashCommands().hExpireAt(key, expiration.getExpirationTimeInSeconds(), condition, fields));
            } else {
                applied = precise
                        ? runner.run(c -> c.hashCommands().hpExpire(key, expiration.getExpirationTimeInMilliseconds(), condition, fields))
                        : runner.run(c -> c.hashCommands().hExpire(key, expiration.getExpirationTimeInSeconds(), condition, fields));
            }
            return perField(command, applied);
        });
    }

    @Override
    public Flux<NumericResponse<HashFieldsCommand, Long>> hPersist(Publisher<HashFieldsCommand> commands) {
        return each(commands, command -> perField(command, runner.run(c -> c.hashCommands().hPersist(bytes(command.getKey()),
                bytes(command.getFields())))));
    }

    @Override
    public Flux<NumericResponse<HashFieldsCommand, Long>> hTtl(Publisher<HashFieldsCommand> commands) {
        return each(commands, command -> perField(command, runner.run(c -> c.hashCommands().hTtl(bytes(command.getKey()),
                bytes(command.getFields())))));
    }

    @Override
    public Flux<NumericResponse<HashFieldsCommand, Long>> hpTtl(Publisher<HashFieldsCommand> commands) {
        return each(commands, command -> perField(command, runner.run(c -> c.hashCommands().hpTtl(bytes(command.getKey()),
                bytes(command.getFields())))));
    }

    @Override
    public Flux<MultiValueResponse<HGetDelCommand, ByteBuffer>> hGetDel(Publisher<HGetDelCommand> commands) {
        return each(commands, command -> runner.run(c -> c.hashCommands().hGetDel(bytes(command.getKey()),
                bytes(command.getFields()))).map(values -> new MultiValueResponse<>(command, buffers(values))));
    }

    @Override
    public Flux<MultiValueResponse<HGetExCommand, ByteBuffer>> hGetEx(Publisher<HGetExCommand> commands) {
        return each(commands, command -> runner.run(c -> c.hashCommands().hGetEx(bytes(command.getKey()),
                command.getExpiration(), bytes(command.getFields()))).map(values -> new MultiValueResponse<>(command, buffers(values))));
    }

    @Override
    public Flux<BooleanResponse<HSetExCommand>> hSetEx(Publisher<HSetExCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.hashCommands().hSetEx(bytes(command.getKey()),
                pairs(command.getFieldValueMap()), command.getCondition(), command.getExpiration()))));
    }

    /** One response per field, in the order of the fields, as Lettuce's factory answers. */
    private static <C> Flux<NumericResponse<C, Long>> perField(C command, Mono<List<Long>> answers) {
        return answers.flatMapIterable(each -> each).map(answer -> new NumericResponse<>(command, answer));
    }

    private static <C> Mono<CommandResponse<C, Flux<Map.Entry<ByteBuffer, ByteBuffer>>>> entries(C command,
            Mono<List<Map.Entry<byte[], byte[]>>> entries) {
        return entries.defaultIfEmpty(List.of()).map(list -> new CommandResponse<>(command,
                Flux.fromIterable(list).map(FastpathReactiveHashCommands::entry)));
    }

    private static Map.Entry<ByteBuffer, ByteBuffer> entry(Map.Entry<byte[], byte[]> entry) {
        return new SimpleImmutableEntry<>(buffer(entry.getKey()), buffer(entry.getValue()));
    }

}
