package io.fastpath.spring;

import org.springframework.data.redis.connection.ReactiveGeoCommands;
import org.springframework.data.redis.connection.ReactiveHashCommands;
import org.springframework.data.redis.connection.ReactiveHyperLogLogCommands;
import org.springframework.data.redis.connection.ReactiveKeyCommands;
import org.springframework.data.redis.connection.ReactiveListCommands;
import org.springframework.data.redis.connection.ReactiveNumberCommands;
import org.springframework.data.redis.connection.ReactivePubSubCommands;
import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.ReactiveScriptingCommands;
import org.springframework.data.redis.connection.ReactiveServerCommands;
import org.springframework.data.redis.connection.ReactiveSetCommands;
import org.springframework.data.redis.connection.ReactiveStreamCommands;
import org.springframework.data.redis.connection.ReactiveStringCommands;
import org.springframework.data.redis.connection.ReactiveZSetCommands;
import reactor.core.publisher.Mono;

/**
 * A Spring {@link ReactiveRedisConnection} over the factory's shared client: a light view holding no socket, so
 * {@code ReactiveRedisTemplate}'s connection per operation costs an object, never a connect. Every command group
 * sends through fastpath-reactor ({@code FastpathReactive.of(client)}): nothing goes out before a subscriber asks, a
 * subscriber cancelled before the client wrote its command sends nothing, and replies arrive off the I/O threads.
 * Closing ends this connection's pub/sub subscriptions and nothing of the client. Thread-safe.
 */
public class FastpathReactiveConnection implements ReactiveRedisConnection {
    final ReactiveRunner runner;
    // Any thread: created on first use, ended by closeLater.
    private volatile FastpathReactivePubSubCommands pubSub;

    FastpathReactiveConnection(ReactiveRunner runner) {
        this.runner = runner;
    }

    @Override
    public Mono<Void> closeLater() {
        return Mono.defer(() -> {
            FastpathReactivePubSubCommands subscriptions = pubSub;
            return subscriptions == null ? Mono.empty() : subscriptions.close();
        });
    }

    @Override
    public ReactiveKeyCommands keyCommands() {
        return new FastpathReactiveKeyCommands(runner);
    }

    @Override
    public ReactiveStringCommands stringCommands() {
        return new FastpathReactiveStringCommands(runner);
    }

    @Override
    public ReactiveNumberCommands numberCommands() {
        return new FastpathReactiveNumberCommands(runner);
    }

    @Override
    public ReactiveListCommands listCommands() {
        return new FastpathReactiveListCommands(runner);
    }

    @Override
    public ReactiveSetCommands setCommands() {
        return new FastpathReactiveSetCommands(runner);
    }

    @Override
    public ReactiveZSetCommands zSetCommands() {
        return new FastpathReactiveZSetCommands(runner);
    }

    @Override
    public ReactiveHashCommands hashCommands() {
        return new FastpathReactiveHashCommands(runner);
    }

    @Override
    public ReactiveGeoCommands geoCommands() {
        return new FastpathReactiveGeoCommands(runner);
    }

    @Override
    public ReactiveHyperLogLogCommands hyperLogLogCommands() {
        return new FastpathReactiveHyperLogLogCommands(runner);
    }

    @Override
    public ReactivePubSubCommands pubSubCommands() {
        FastpathReactivePubSubCommands current = pubSub;
        if (current == null) {
            synchronized (this) {
                if (pubSub == null) {
                    pubSub = new FastpathReactivePubSubCommands(runner);
                }
                current = pubSub;
            }
        }
        return current;
    }

    @Override
    public ReactiveScriptingCommands scriptingCommands() {
        return new FastpathReactiveScriptingCommands(runner);
    }

    @Override
    public ReactiveServerCommands serverCommands() {
        return new FastpathReactiveServerCommands(runner);
    }

    @Override
    public ReactiveStreamCommands streamCommands() {
        return new FastpathReactiveStreamCommands(runner);
    }

    @Override
    public Mono<String> ping() {
        return runner.run(connection -> connection.ping());
    }

    @Override
    public String toString() {
        return "FastpathReactiveConnection[" + runner.client() + "]";
    }
}
