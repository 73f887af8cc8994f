package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.ReactiveClusterNumberCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.KeyCommand;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.util.Assert;
import org.springframework.util.NumberUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** INCR, DECR and their BY forms (a Double or Float delta goes to INCRBYFLOAT), answered in the delta's own type. */
final class FastpathReactiveNumberCommands implements ReactiveClusterNumberCommands {
    private final ReactiveRunner runner;

    FastpathReactiveNumberCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> incr(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.stringCommands().incr(bytes(command.getKey())))));
    }

    @Override
    public <T extends Number> Flux<NumericResponse<IncrByCommand<T>, T>> incrBy(Publisher<IncrByCommand<T>> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getValue(), "Value for INCRBY must not be null");
            return number(command, by(bytes(command.getKey()), command.getValue(), false));
        });
    }

    @Override
    public Flux<NumericResponse<KeyCommand, Long>> decr(Publisher<KeyCommand> commands) {
        return each(commands, command -> number(command, runner.run(c -> c.stringCommands().decr(bytes(command.getKey())))));
    }

    @Override
    public <T extends Number> Flux<NumericResponse<DecrByCommand<T>, T>> decrBy(Publisher<DecrByCommand<T>> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getValue(), "Value for DECRBY must not be null");
            return number(command, by(bytes(command.getKey()), command.getValue(), true));
        });
    }

    private <T extends Number> Mono<T> by(byte[] key, T delta, boolean decrement) {
        Mono<? extends Number> result;
        if (delta instanceof Double || delta instanceof Float) {
            double value = decrement ? -delta.doubleValue() : delta.doubleValue();
            result = runner.run(c -> c.stringCommands().incrBy(key, value));
        } else {
            result = decrement ? runner.run(c -> c.stringCommands().decrBy(key, delta.longValue()))
                    : runner.run(c -> c.stringCommands().incrBy(key, delta.longValue()));
        }
        return inTypeOf(delta, result);
    }

    @Override
    public <T extends Number> Flux<NumericResponse<HIncrByCommand<T>, T>> hIncrBy(Publisher<HIncrByCommand<T>> commands) {
        return each(commands, command -> {
            T delta = command.getValue();
            Assert.notNull(delta, "Value must not be null");
            Assert.notNull(command.getField(), "Field must not be null");
            byte[] key = bytes(command.getKey());
            byte[] field = bytes(command.getField());
            Mono<? extends Number> result = delta instanceof Double || delta instanceof Float
                    ? runner.run(c -> c.hashCommands().hIncrBy(key, field, delta.doubleValue()))
                    : runner.run(c -> c.hashCommands().hIncrBy(key, field, delta.longValue()));
            return number(command, inTypeOf(delta, result));
        });
    }

    @SuppressWarnings("unchecked")
    private static <T extends Number> Mono<T> inTypeOf(T delta, Mono<? extends Number> result) {
        return result.map(value -> (T) NumberUtils.convertNumberToTargetClass(value, delta.getClass()));
    }
}
