package io.fastpath.spring.projects.cache;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.cache.annotation.CacheEvict;
import org.springframework.cache.annotation.Cacheable;

/** A bean whose lookups Spring's cache abstraction caches in Redis; it counts the lookups that really ran. */
public class PriceService {
    private final AtomicInteger computations = new AtomicInteger();

    @Cacheable("prices")
    public String price(String item) {
        computations.incrementAndGet();
        return item + ":" + item.length() * 100;
    }

    @CacheEvict("prices")
    public void evict(String item) {
    }

    public int computations() {
        return computations.get();
    }
}
