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
    /**
     * The first String a {@link TextKey} probe found this key by, or null: a later probe by the same String instance
     * matches by identity, without reading either's characters (with {@link #textHash}: a hit without the delay
     * bound over 100,000 keys read at random went from 237 to 178 ns, CacheUniformHitBenchmark, RESULTS.md). Any thread; written once, racily: a String is immutable, so a thread that
     * sees a stale null just compares the characters.
     */
    String text;

    CacheKey(byte[] bytes) {
        this.bytes = bytes;
        this.hash = textHash(bytes);
    }

    /**
     * {@link String#hashCode} of the key's characters when it is ASCII (seed 0, times 31 per byte), so a
     * {@link TextKey} probe takes its hash from the String's cached one, without reading the String's characters
     * or its length (CacheUniformHitBenchmark).
     */
    static int textHash(byte[] bytes) {
        int hash = 0;
        for (byte b : bytes) {
            hash = 31 * hash + b;
        }
        return hash;
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
