package io.fastpath.example.cache;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.EnableCaching;

/**
 * An application as users write one with the starter and spring-boot-starter-cache: {@code @EnableCaching}, a
 * {@code @Cacheable} bean, and no CacheManager of its own (Boot's cache auto-configuration makes a RedisCacheManager).
 */
@SpringBootApplication
@EnableCaching
public class CachingApplication {
}
