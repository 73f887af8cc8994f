package io.fastpath.internal.cache;

import java.util.Arrays;

/** A Redis key's bytes as a map key: every cached reply of one key lives under it, so one invalidation drops them all. */
final class CacheKey {
    final byte[] bytes;
    private final int hash;

    CacheKey(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /** Which of {@code stripes} (a power of two) write stamps guards this key. */
    int stripe(int stripes) {
        return (hash ^ (hash >>> 16)) & (stripes - 1);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CacheKey that && hash == that.hash && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
