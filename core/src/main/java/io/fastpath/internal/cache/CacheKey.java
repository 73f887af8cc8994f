package io.fastpath.internal.cache;

import java.util.Arrays;

/**
 * A Redis key's bytes as a map key: every cached reply of one key lives under it, so one invalidation drops them all.
 * Its one subclass, {@link TextKey}, is a lookup probe by String (Caffeine hands the probe to the expiry as a key).
 */
sealed class CacheKey permits TextKey {
    /** Null only in a {@link TextKey} probe, which is never stored. */
    final byte[] bytes;
    private final int hash;

    CacheKey(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /** A probe's: no bytes, and the hash its bytes would have. */
    CacheKey(int hash) {
        this.bytes = null;
        this.hash = hash;
    }

    /** Which of {@code stripes} (a power of two) write stamps guards this key. */
    int stripe(int stripes) {
        return (hash ^ (hash >>> 16)) & (stripes - 1);
    }

    @Override
    public boolean equals(Object other) {
        if (other instanceof TextKey text) {
            return text.equals(this); // symmetric with the probe the blocking GET looks up with
        }
        return other instanceof CacheKey that && hash == that.hash && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
