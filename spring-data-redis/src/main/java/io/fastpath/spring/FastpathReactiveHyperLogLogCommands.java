package io.fastpath.spring;

import static io.fastpath.spring.FastpathReactiveStringCommands.bool;
import static io.fastpath.spring.FastpathReactiveStringCommands.number;
import static io.fastpath.spring.ReactiveRunner.bytes;
import static io.fastpath.spring.ReactiveRunner.each;

import org.reactivestreams.Publisher;
import org.springframework.data.redis.connection.ReactiveClusterHyperLogLogCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection.BooleanResponse;
import org.springframework.data.redis.connection.ReactiveRedisConnection.NumericResponse;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;

/** PFADD, PFCOUNT and PFMERGE, built by {@link FastpathHyperLogLogCommands}. */
final class FastpathReactiveHyperLogLogCommands implements ReactiveClusterHyperLogLogCommands {
    private final ReactiveRunner runner;

    FastpathReactiveHyperLogLogCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Flux<NumericResponse<PfAddCommand, Long>> pfAdd(Publisher<PfAddCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Key must not be null");
            return number(command, runner.run(c -> c.hyperLogLogCommands().pfAdd(bytes(command.getKey()),
                    bytes(command.getValues()))));
        });
    }

    @Override
    public Flux<NumericResponse<PfCountCommand, Long>> pfCount(Publisher<PfCountCommand> commands) {
        return each(commands, command -> {
            Assert.notEmpty(command.getKeys(), "Keys must not be empty for PFCOUNT");
            return number(command, runner.run(c -> c.hyperLogLogCommands().pfCount(bytes(command.getKeys()))));
        });
    }

    @Override
    public Flux<BooleanResponse<PfMergeCommand>> pfMerge(Publisher<PfMergeCommand> commands) {
        return each(commands, command -> {
            Assert.notNull(command.getKey(), "Destination key must not be null for PFMERGE");
            Assert.notEmpty(command.getSourceKeys(), "Source keys must not be null or empty for PFMERGE");
            return bool(command, runner.runRaw(c -> c.hyperLogLogCommands().pfMerge(bytes(command.getKey()),
                    bytes(command.getSourceKeys())), Replies::toBoolean));
        });
    }
}
