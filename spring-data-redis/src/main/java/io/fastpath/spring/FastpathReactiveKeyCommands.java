package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.bool;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.buffers;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.connection.ExpirationOptions;
import org.springframework.data.redis.connection.ReactiveClusterKeyCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.ValueEncoding;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.types.Expiration;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Key commands, built by {@link FastpathKeyCommands}. {@link #scan} fetches a page only while the subscriber wants
 * more; on a cluster it walks every primary (Fastpath's cluster cursor), and KEYS fans out to every primary. The two
 * methods that name one {@link RedisClusterNode} are refused, as on the blocking cluster connection.
 */
final class FastpathReactiveKeyCommands implements ReactiveClusterKeyCommands {
    private final ReactiveRunner runner;

    FastpathReactiveKeyCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<BooleanResponse<CopyCommand>> copy(Publisher<CopyCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getTarget(), "Target must not be null");
            Words words = new Words("COPY", bytes(command.getKey()), bytes(command.getTarget()));
            if (command.getDatabase() != null) {
                words.add("DB", command.getDatabase());
            }
            return bool(command, runner.execute(words.addIf(command.isReplace(), "REPLACE").build()).map(Replies::toBoolean));
        });
    }

    @Override
    public Mono<Long> exists(List<ByteBuffer> keys) {
        Assert.notNull(keys, "Keys must not be null");
        return runner.run(c -> c.keyCommands().exists(bytes(keys)));
    }

    @Override
    public Flux<BooleanResponse<KeyCommand>> exists(Publisher<KeyCommand> commands) {
        return each(commands, command -> bool(command,
                runner.run(c -> c.keyCommands().exists(new byte[][] {bytes(command.getKey())})).map(count -> count > 0)));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, DataType>> type(Publisher<KeyCommand> commands) {
        return each(commands, command -> runner.run(c -> c.keyCommands().type(bytes(command.getKey())))
                .map(type -> new CommandResponse<>(command, type)));
    }

    @Override
    public Flux<NumericResponse<Collection<ByteBuffer>, Long>> touch(Publisher<Collection<ByteBuffer>> keySets) {
        return each(keySets, keys -> number(keys, runner.run(c -> c.keyCommands().touch(bytes(keys)))));
    }

    @Override
    public Flux<MultiValueResponse<ByteBuffer, ByteBuffer>> keys(Publisher<ByteBuffer> patterns) {
        return each(patterns, pattern -> {
            Assert.notNull(pattern, "Pattern must not be null");
            return runner.run(c -> c.keyCommands().keys(bytes(pattern)))
                    .map(keys -> new MultiValueResponse<>(pattern, buffers(keys)));
        });
    }

    @Override
    public Flux<ByteBuffer> scan(ScanOptions options) {
        Assert.notNull(options, "ScanOptions must not be null");
        return Flux.defer(() -> runner.scan(options)).onErrorMap(ReactiveRunner::translate);
    }

    @Override
    public Mono<ByteBuffer> randomKey() {
        return runner.run(c -> c.keyCommands().randomKey()).map(ByteBuffer::wrap);
    }

    @Override
    public Flux<BooleanResponse<RenameCommand>> rename(Publisher<RenameCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getNewKey(), "New name must not be null");
            return bool(command, runner.runRaw(c -> c.keyCommands().rename(bytes(command.getKey()), bytes(command.getNewKey())),
                    Replies::toBoolean));
        });
    }

    @Override
    public Flux<BooleanResponse<RenameCommand>> renameNX(Publisher<RenameCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getNewKey(), "New name must not be null");
            return bool(command, runner.run(c -> c.keyCommands().renameNX(bytes(command.getKey()), bytes(command.getNewKey()))));
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> del(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.keyCommands().del(bytes(command.getKey())))));
    }

    @Override
    public Flux<NumericResponse<List<ByteBuffer>, Long>> mDel(Publisher<List<ByteBuffer>> keySets) {
        return each(keySets, keys -> number(keys, runner.run(c -> c.keyCommands().del(bytes(keys)))));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> unlink(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.keyCommands().unlink(bytes(command.getKey())))));
    }

    @Override
    public Flux<NumericResponse<List<ByteBuffer>, Long>> mUnlink(Publisher<List<ByteBuffer>> keySets) {
        return each(keySets, keys -> number(keys, runner.run(c -> c.keyCommands().unlink(bytes(keys)))));
    }

    @Override
    public Flux<BooleanResponse<ExpireCommand>> applyExpiration(Publisher<ExpireCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Expiration expiration = command.getExpiration();
            byte[] key = bytes(command.getKey());
            if (expiration.isPersistent()) {
                return bool(command, runner.run(c -> c.keyCommands().persist(key)));
            }
            ExpirationOptions.Condition condition = condition(command.getOptions());
            // Expiration.isPrecise() is 4.0's; milliseconds are what makes an expiration precise in both versions
            boolean precise = expiration.getTimeUnit() == TimeUnit.MILLISECONDS;
            Mono<Boolean> applied;
            if (expiration.isUnixTimestamp()) {
                applied = precise
                        ? runner.run(c -> c.keyCommands().pExpireAt(key, expiration.getExpirationTimeInMilliseconds(), condition))
                        : runner.run(c -> c.keyCommands().expireAt(key, expiration.getExpirationTimeInSeconds(), condition));
            } else {
                applied = precise
                        ? runner.run(c -> c.keyCommands().pExpire(key, expiration.getExpirationTimeInMilliseconds(), condition))
                        : runner.run(c -> c.keyCommands().expire(key, expiration.getExpirationTimeInSeconds(), condition));
            }
            return bool(command, applied);
        });
    }

    @Override
    public Flux<BooleanResponse<ExpireAtCommand>> expireAt(Publisher<ExpireAtCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.keyCommands().expireAt(bytes(command.getKey()),
                command.getExpireAt().getEpochSecond(), condition(command.getOptions())))));
    }

    @Override
    public Flux<BooleanResponse<ExpireAtCommand>> pExpireAt(Publisher<ExpireAtCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.keyCommands().pExpireAt(bytes(command.getKey()),
                command.getExpireAt().toEpochMilli(), condition(command.getOptions())))));
    }

    static ExpirationOptions.Condition condition(ExpirationOptions options) {
        return options == null ? ExpirationOptions.Condition.ALWAYS : options.getCondition();
    }

    @Override
    public Flux<BooleanResponse<KeyCommand>> persist(Publisher<KeyCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.keyCommands().persist(bytes(command.getKey())))));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> ttl(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.keyCommands().ttl(bytes(command.getKey())))));
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> pTtl(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.keyCommands().pTtl(bytes(command.getKey())))));
    }

    @Override
    public Flux<BooleanResponse<MoveCommand>> move(Publisher<MoveCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getDatabase(), "Database must not be null");
            return bool(command, runner.run(c -> c.keyCommands().move(bytes(command.getKey()), command.getDatabase())));
        });
    }

    @Override
    public Mono<ValueEncoding> encodingOf(ByteBuffer key) {
        Assert.notNull(key, "Key must not be null");
        return runner.run(c -> c.keyCommands().encodingOf(bytes(key)))
                .defaultIfEmpty(ValueEncoding.RedisValueEncoding.VACANT);
    }

    @Override
    public Mono<Duration> idletime(ByteBuffer key) {
        Assert.notNull(key, "Key must not be null");
        return runner.run(c -> c.keyCommands().idletime(bytes(key)));
    }

    @Override
    public Mono<Long> refcount(ByteBuffer key) {
        Assert.notNull(key, "Key must not be null");
        return runner.run(c -> c.keyCommands().refcount(bytes(key)));
    }

    // ---- ReactiveClusterKeyCommands ----

    @Override
    public Mono<List<ByteBuffer>> keys(RedisClusterNode node, ByteBuffer pattern) {
        return Mono.error(FastpathClusterConnection.perNode("KEYS"));
    }

    @Override
    public Mono<ByteBuffer> randomKey(RedisClusterNode node) {
        return Mono.error(FastpathClusterConnection.perNode("RANDOMKEY"));
    }
}
