package io.fastpath.spring.projects.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.spring.FastpathConnectionFactory;
import io.fastpath.spring.projects.Await;
import io.fastpath.spring.projects.Deployment;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.cache.Cache;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.data.redis.cache.BatchStrategies;
import org.springframework.data.redis.cache.BatchStrategy;
import org.springframework.data.redis.cache.RedisCacheConfiguration;
import org.springframework.data.redis.cache.RedisCacheManager;
import org.springframework.data.redis.cache.RedisCacheWriter;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/** Spring Cache on Redis through its public API: RedisCacheManager with TTLs, the annotations, and clear()'s batch strategies. */
abstract class RedisCacheContract {
    private FastpathConnectionFactory factory;
    /** Names each test's caches apart, so tests on one server never see each other's entries. */
    private final String prefix = "c" + UUID.randomUUID().toString().substring(0, 8);

    abstract Deployment deployment();

    @BeforeEach
    void startTheFactory() {
        factory = deployment().newFactory();
    }

    @AfterEach
    void stopTheFactory() {
        factory.destroy();
    }

    @Test
    void anEntryIsServedUntilItsTimeToLivePassesAndThenIsGoneFromRedis() {
        RedisCacheManager manager = RedisCacheManager.builder(factory)
                .cacheDefaults(RedisCacheConfiguration.defaultCacheConfig().entryTtl(Duration.ofSeconds(1)))
                .build();
        manager.afterPropertiesSet();
        Cache cache = manager.getCache(prefix + "-short");
        cache.put("k", "v");

        String key = prefix + "-short::k";
        // The default writer's put runs asynchronously (see clearThroughTheReactiveWriter)
        Await.until(Duration.ofSeconds(20), "the entry written", () -> deployment().countKeys(key) == 1);
        assertThat(cache.get("k", String.class)).isEqualTo("v");
        long millisLeft = (Long) deployment().ownerOf(key).call("PTTL", key);
        assertThat(millisLeft).isBetween(1L, 1_000L);
        Await.until(Duration.ofSeconds(20), "the entry expires", () -> cache.get("k") == null);
        assertThat(deployment().countKeys(key)).isZero();
    }

    @Test
    void cacheableRunsTheMethodOnceAndCacheEvictMakesItRunAgain() {
        try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
            context.registerBean(RedisConnectionFactory.class, () -> factory, definition -> definition.setDestroyMethodName(""));
            context.register(CachingConfiguration.class);
            context.refresh();
            PriceService prices = context.getBean(PriceService.class);
            String item = prefix + "-apple";

            assertThat(prices.price(item)).isEqualTo(item + ":" + item.length() * 100);
            assertThat(prices.price(item)).isEqualTo(item + ":" + item.length() * 100);
            assertThat(prices.computations()).isEqualTo(1);
            assertThat(deployment().countKeys("prices::" + item)).isEqualTo(1);

            prices.evict(item);
            assertThat(deployment().countKeys("prices::" + item)).isZero();
            prices.price(item);
            assertThat(prices.computations()).isEqualTo(2);
        }
    }

    @Test
    void clearWithScanBatchesRemovesEveryEntryOfTheCacheAndNoOtherAtOnceWithImmediateWrites() {
        Cache cleared = immediateCache(BatchStrategies.scan(10), "scan-now");
        Cache kept = immediateCache(BatchStrategies.scan(10), "kept");
        fill(cleared, kept);
        assertThat(deployment().countKeys(cleared.getName() + "::*")).isEqualTo(250);

        cleared.clear();

        assertThat(deployment().countKeys(cleared.getName() + "::*")).isZero();
        assertThat(kept.get("k", String.class)).isEqualTo("v");
    }

    @Test
    void clearWithKeysRemovesEveryEntryOfTheCacheAndNoOtherAtOnceWithImmediateWrites() {
        Cache cleared = immediateCache(BatchStrategies.keys(), "keys-now");
        Cache kept = immediateCache(BatchStrategies.keys(), "kept");
        fill(cleared, kept);
        assertThat(deployment().countKeys(cleared.getName() + "::*")).isEqualTo(250);

        cleared.clear();

        assertThat(deployment().countKeys(cleared.getName() + "::*")).isZero();
        assertThat(kept.get("k", String.class)).isEqualTo("v");
    }

    @Test
    void clearWithScanBatchesThroughTheReactiveWriterRemovesEveryEntryOfTheCacheAndNoOther() {
        clearThroughTheReactiveWriter(BatchStrategies.scan(10), "scan-later");
    }

    @Test
    void clearWithKeysThroughTheReactiveWriterRemovesEveryEntryOfTheCacheAndNoOther() {
        clearThroughTheReactiveWriter(BatchStrategies.keys(), "keys-later");
    }

    /**
     * Spring Data Redis 4's default writer: on a factory that is also reactive (Lettuce's, Fastpath's) put and clear
     * return at once and run through the reactive connection, so what Redis holds is awaited.
     */
    private void clearThroughTheReactiveWriter(BatchStrategy strategy, String name) {
        RedisCacheManager manager = RedisCacheManager.builder(RedisCacheWriter.nonLockingRedisCacheWriter(factory, strategy))
                .build();
        manager.afterPropertiesSet();
        Cache cleared = manager.getCache(prefix + "-" + name);
        Cache kept = manager.getCache(prefix + "-kept");
        fill(cleared, kept);
        Await.until(Duration.ofSeconds(20), "250 entries written",
                () -> deployment().countKeys(cleared.getName() + "::*") == 250 && kept.get("k") != null);

        cleared.clear();

        Await.until(Duration.ofSeconds(20), "every entry cleared", () -> deployment().countKeys(cleared.getName() + "::*") == 0);
        assertThat(kept.get("k", String.class)).isEqualTo("v");
    }

    private Cache immediateCache(BatchStrategy strategy, String name) {
        RedisCacheManager manager = RedisCacheManager.builder(
                RedisCacheWriter.create(factory, writer -> writer.batchStrategy(strategy).immediateWrites())).build();
        manager.afterPropertiesSet();
        return manager.getCache(prefix + "-" + name);
    }

    private static void fill(Cache cleared, Cache kept) {
        for (int i = 0; i < 250; i++) {
            cleared.put("k" + i, "v" + i);
        }
        kept.put("k", "v");
    }
}
