package io.fastpath.example.cache;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

/** A lookup cached by Spring's cache abstraction; it counts the lookups that really ran. */
@Service
public class QuoteService {
    private final AtomicInteger lookups = new AtomicInteger();

    @Cacheable("quotes")
    public String quote(String symbol) {
        lookups.incrementAndGet();
        return symbol + "=" + symbol.length() * 10;
    }

    public int lookups() {
        return lookups.get();
    }
}
