package io.fastpath.spring.boot;

import io.fastpath.RedisClientBuilder;

/** A bean of this type adjusts the client builder after the properties were applied (an event listener, a cache...). */
@FunctionalInterface
public interface FastpathClientBuilderCustomizer {
    void customize(RedisClientBuilder builder);
}
