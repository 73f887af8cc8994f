package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveListCommands.values;
import static io.fastpath.spring.FastpathReactiveStringCommands.bool;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.buffer;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;
import static io.fastpath.spring.ReactiveRunner.flux;

import java.nio.ByteBuffer;
import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.ReactiveClusterSetCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.ByteBufferResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.CommandResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyScanCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.MultiValueResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Set commands, built by {@link FastpathSetCommands}; SSCAN fetches a page only while the subscriber wants more. On a
 * cluster, commands over several keys need them in one slot ({@code {hashtag}}), as Fastpath's cluster client asks.
 */
final class FastpathReactiveSetCommands implements ReactiveClusterSetCommands {
    private final ReactiveRunner runner;

    FastpathReactiveSetCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<SAddCommand, Long>> sAdd(Publisher<SAddCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getValues(), "Values must not be null");
            return number(command, runner.run(c -> c.setCommands().sAdd(bytes(command.getKey()), bytes(command.getValues()))));
        });
    }

    @Override
    public Flux<NumericResponse<SRemCommand, Long>> sRem(Publisher<SRemCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            Assert.notNull(command.getValues(), "Values must not be null");
            return number(command, runner.run(c -> c.setCommands().sRem(bytes(command.getKey()), bytes(command.getValues()))));
        });
    }

    @Override
    public Flux<ByteBufferResponse<KeyCommand>> sPop(Publisher<KeyCommand> commands) {
        return each(commands, command -> runner.run(c -> c.setCommands().sPop(bytes(command.getKey())))
                .map(value -> new ByteBufferResponse<>(command, buffer(value))));
    }

    @Override
    public Flux<ByteBuffer> sPop(SPopCommand command) {
        Assert.notNull(command, "Command must not be null");
        return runner.run(c -> c.setCommands().sPop(bytes(command.getKey()), command.getCount())).flatMapMany(ReactiveRunner::flux);
    }

    @Override
    public Flux<BooleanResponse<SMoveCommand>> sMove(Publisher<SMoveCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getDestination(), "Destination key must not be null");
            return bool(command, runner.run(c -> c.setCommands().sMove(bytes(command.getKey()), bytes(command.getDestination()),
                    bytes(command.getValue()))));
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> sCard(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.setCommands().sCard(bytes(command.getKey())))));
    }

    @Override
    public Flux<BooleanResponse<SIsMemberCommand>> sIsMember(Publisher<SIsMemberCommand> commands) {
        return each(commands, command -> bool(command, runner.run(c -> c.setCommands().sIsMember(bytes(command.getKey()),
                bytes(command.getValue())))));
    }

    @Override
    public Flux<MultiValueResponse<SMIsMemberCommand, Boolean>> sMIsMember(Publisher<SMIsMemberCommand> commands) {
        return each(commands, command -> runner.run(c -> c.setCommands().sMIsMember(bytes(command.getKey()),
                bytes(command.getValues()))).map(answers -> new MultiValueResponse<>(command, answers)));
    }

    @Override
    public Flux<CommandResponse<SInterCommand, Flux<ByteBuffer>>> sInter(Publisher<SInterCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.setCommands().sInter(bytes(command.getKeys())))));
    }

    @Override
    public Flux<NumericResponse<SInterStoreCommand, Long>> sInterStore(Publisher<SInterStoreCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Destination key must not be null");
            return number(command, runner.run(c -> c.setCommands().sInterStore(bytes(command.getKey()), bytes(command.getKeys()))));
        });
    }

    @Override
    public Flux<NumericResponse<SInterCardCommand, Long>> sInterCard(Publisher<SInterCardCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.setCommands().sInterCard(bytes(command.getKeys())))));
    }

    @Override
    public Flux<CommandResponse<SUnionCommand, Flux<ByteBuffer>>> sUnion(Publisher<SUnionCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.setCommands().sUnion(bytes(command.getKeys())))));
    }

    @Override
    public Flux<NumericResponse<SUnionStoreCommand, Long>> sUnionStore(Publisher<SUnionStoreCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Destination key must not be null");
            return number(command, runner.run(c -> c.setCommands().sUnionStore(bytes(command.getKey()), bytes(command.getKeys()))));
        });
    }

    @Override
    public Flux<CommandResponse<SDiffCommand, Flux<ByteBuffer>>> sDiff(Publisher<SDiffCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.setCommands().sDiff(bytes(command.getKeys())))));
    }

    @Override
    public Flux<NumericResponse<SDiffStoreCommand, Long>> sDiffStore(Publisher<SDiffStoreCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Destination key must not be null");
            return number(command, runner.run(c -> c.setCommands().sDiffStore(bytes(command.getKey()), bytes(command.getKeys()))));
        });
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<ByteBuffer>>> sMembers(Publisher<KeyCommand> commands) {
        return each(commands, command -> values(command, runner.run(c -> c.setCommands().sMembers(bytes(command.getKey())))));
    }

    @Override
    public Flux<CommandResponse<KeyCommand, Flux<ByteBuffer>>> sScan(Publisher<KeyScanCommand> commands) {
        return each(commands, command -> Mono.fromSupplier(() -> new CommandResponse<KeyCommand, Flux<ByteBuffer>>(command,
                runner.commands().sscan(bytes(command.getKey()), ReactiveRunner.scanArgs(command.getOptions()))
                        .map(ByteBuffer::wrap).onErrorMap(ReactiveRunner::translate))));
    }

    @Override
    public Flux<CommandResponse<SRandMembersCommand, Flux<ByteBuffer>>> sRandMember(Publisher<SRandMembersCommand> commands) {
        return each(commands, command -> {
            byte[] key = bytes(command.getKey());
            boolean one = command.getCount().isEmpty() || command.getCount().get() == 1L;
            Mono<Flux<ByteBuffer>> members = one
                    ? runner.run(c -> c.setCommands().sRandMember(key)).map(member -> Flux.just(ByteBuffer.wrap(member)))
                    : runner.run(c -> c.setCommands().sRandMember(key, command.getCount().get())).map(list -> ReactiveRunner.flux(list));
            return members.defaultIfEmpty(Flux.empty()).map(flux -> new CommandResponse<>(command, flux));
        });
    }
}
