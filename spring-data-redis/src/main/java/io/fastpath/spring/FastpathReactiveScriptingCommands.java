package io.fastpath.spring;

import static io.fastpath.spring.ReactiveRunner.bytes;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.springframework.data.redis.connection.ReactiveClusterScriptingCommands;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.util.Assert;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * EVAL, EVALSHA and SCRIPT, built by {@link FastpathScriptingCommands}: a script's result is one element in Spring's
 * {@link ReturnType} (a List for MULTI). On a cluster EVAL goes by its keys' slot and SCRIPT LOAD/FLUSH to every node.
 */
final class FastpathReactiveScriptingCommands implements ReactiveClusterScriptingCommands {
    private final ReactiveRunner runner;

    FastpathReactiveScriptingCommands(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Mono<String> scriptFlush() {
        return runner.runRaw(c -> c.scriptingCommands().scriptFlush(), Replies::toText);
    }

    @Override
    public Mono<String> scriptKill() {
        return runner.runRaw(c -> c.scriptingCommands().scriptKill(), Replies::toText);
    }

    @Override
    public Mono<String> scriptLoad(ByteBuffer script) {
        Assert.notNull(script, "Script must not be null");
        return runner.run(c -> c.scriptingCommands().scriptLoad(bytes(script)));
    }

    @Override
    public Flux<Boolean> scriptExists(List<String> scriptShas) {
        Assert.notEmpty(scriptShas, "Script digests must not be empty");
        return runner.run(c -> c.scriptingCommands().scriptExists(scriptShas.toArray(String[]::new))).flatMapIterable(each -> each);
    }

    @Override
    public <T> Flux<T> eval(ByteBuffer script, ReturnType returnType, int numKeys, ByteBuffer... keysAndArgs) {
        Assert.notNull(script, "Script must not be null");
        Assert.notNull(keysAndArgs, "Keys and args must not be null");
        return runner.<T>run(c -> c.scriptingCommands().eval(bytes(script), returnType, numKeys,
                bytes(Arrays.asList(keysAndArgs)))).flux();
    }

    @Override
    public <T> Flux<T> evalSha(String scriptSha, ReturnType returnType, int numKeys, ByteBuffer... keysAndArgs) {
        Assert.notNull(scriptSha, "Script digest must not be null");
        Assert.notNull(keysAndArgs, "Keys and args must not be null");
        return runner.<T>run(c -> c.scriptingCommands().evalSha(scriptSha, returnType, numKeys,
                bytes(Arrays.asList(keysAndArgs)))).flux();
    }
}
