package io.fastpath.spring.projects.cache;

import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.cache.RedisCacheWriter;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/** {@code @EnableCaching} on a RedisCacheManager over whatever factory the context holds (the test registers Fastpath's). */
@Configuration(proxyBeanMethods = false)
@EnableCaching
class CachingConfiguration {

    @Bean
    RedisCacheManager cacheManager(RedisConnectionFactory connectionFactory) {
        // Immediate writes: the second call must find what the first one cached (the default writer puts asynchronously)
        return RedisCacheManager.builder(RedisCacheWriter.create(connectionFactory, writer -> writer.immediateWrites())).build();
    }

    @Bean
    PriceService priceService() {
        return new PriceService();
    }
}
