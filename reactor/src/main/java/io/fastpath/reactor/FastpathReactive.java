package io.fastpath.reactor;

import io.fastpath.RedisClient;
import java.util.Objects;

/**
 * The entry point: {@code RedisReactiveClient redis = FastpathReactive.of(client);} then {@code redis.get("k")} is a
 * {@code Mono<String>}. The views are thin (no threads, no connections of their own): make one per client and
 * share it.
 *
 * <p>A static factory here rather than {@code client.reactive()} in core: core cannot name Mono or Flux without
 * depending on Reactor, and a {@code reactive()} returning a type core knows would need a cast or a service lookup
 * to reach this module's types.
 */
public final class FastpathReactive {
    private FastpathReactive() {}

    /** Reactive views of {@code client} with the default options. */
    public static RedisReactiveClient of(RedisClient client) {
        return of(client, ReactiveOptions.defaults());
    }

    /** Reactive views of {@code client}, e.g. with a {@link CommandObserver} for tracing. */
    public static RedisReactiveClient of(RedisClient client, ReactiveOptions options) {
        return new RedisReactiveClient(Objects.requireNonNull(client, "client"), Objects.requireNonNull(options, "options"));
    }
}
