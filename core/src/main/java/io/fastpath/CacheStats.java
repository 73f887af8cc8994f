package io.fastpath;

/**
 * A snapshot of the client-side cache's counters since the client was built ({@link RedisClient#cacheStats()}).
 *
 * @param hits reads answered from memory (an MGET counts once per key)
 * @param misses reads that went to the server, including those that joined another caller's request
 * @param evictions entries removed to respect the byte bound
 * @param invalidationsReceived keys named in the server's invalidation pushes, plus one per flush (FLUSHALL/FLUSHDB)
 * @param bytesUsed the estimated size of the entries held now
 * @param entries keys held now (each may hold several commands' replies)
 */
public record CacheStats(long hits, long misses, long evictions, long invalidationsReceived, long bytesUsed, long entries) {
    /** What a client without a cache reports. */
    public static final CacheStats DISABLED = new CacheStats(0, 0, 0, 0, 0, 0);

    /** hits / (hits + misses), or 0 before the first read. */
    public double hitRate() {
        long reads = hits + misses;
        return reads == 0 ? 0 : (double) hits / reads;
    }
}
