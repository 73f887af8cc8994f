package io.fastpath.example.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.testkit.RedisServer;
import io.fastpath.testkit.RedisServerExtension;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringApplication;
import org.springframework.cache.CacheManager;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Boot as users meet it: this module's class path is the starter and spring-boot-starter-cache only, and the
 * application is configured by Boot's own properties, started with SpringApplication as {@code main} would.
 */
class BootCachingIT {
    @RegisterExtension
    static final RedisServerExtension SERVER = RedisServerExtension.standalone();

    @Test
    void cacheableRunsOnBootsOwnRedisCacheManagerOverTheFastpathFactory() {
        RedisServer server = SERVER.server();
        try (ConfigurableApplicationContext context = SpringApplication.run(CachingApplication.class,
                "--spring.data.redis.host=" + server.host(), "--spring.data.redis.port=" + server.port(),
                "--spring.cache.redis.key-prefix=shop:", "--spring.cache.redis.time-to-live=60s",
                "--spring.main.web-application-type=none")) {
            assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(FastpathConnectionFactory.class);
            assertThat(context.getBean(CacheManager.class)).isInstanceOf(RedisCacheManager.class);
            QuoteService quotes = context.getBean(QuoteService.class);

            assertThat(quotes.quote("ACME")).isEqualTo("ACME=40");
            assertThat(quotes.quote("ACME")).isEqualTo("ACME=40");
            assertThat(quotes.lookups()).isEqualTo(1);
            // Boot's prefix (spring.cache.redis.key-prefix) before Spring's "cacheName::key", and Boot's time to live
            assertThat(server.call("KEYS", "shop:quotes::*")).asInstanceOf(InstanceOfAssertFactories.LIST)
                    .containsExactly("shop:quotes::ACME");
            assertThat((Long) server.call("TTL", "shop:quotes::ACME")).isBetween(1L, 60L);
        }
    }
}
