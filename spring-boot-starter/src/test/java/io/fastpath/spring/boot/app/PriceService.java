package io.fastpath.spring.boot.app;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

/** A slow lookup behind {@code @Cacheable}; {@link #computations()} counts the calls that were not cached. */
@Service
public class PriceService {
    private final AtomicInteger computations = new AtomicInteger();

    @Cacheable("prices")
    public String price(String item) {
        computations.incrementAndGet();
        return item + ":" + item.length() * 100;
    }

    public int computations() {
        return computations.get();
    }
}
