package io.fastpath.internal.cache;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A counter per key stripe: a fill notes its key's stripe count when it starts and stores its reply only if the
 * count has not moved since (R6, R8). Stripes share counts, so a move may be another key's: the fill then stores
 * nothing, which is safe. Any thread.
 */
final class KeyStamps {
    /** A power of two, so a key's stripe is a mask of its hash. */
    private static final int STRIPES = 1024;

    private final AtomicLongArray counts = new AtomicLongArray(STRIPES);

    long get(CacheKey key) {
        return counts.get(key.stripe(STRIPES));
    }

    void increment(CacheKey key) {
        counts.incrementAndGet(key.stripe(STRIPES));
    }

    void incrementAll() {
        for (int stripe = 0; stripe < STRIPES; stripe++) {
            counts.incrementAndGet(stripe);
        }
    }
}
