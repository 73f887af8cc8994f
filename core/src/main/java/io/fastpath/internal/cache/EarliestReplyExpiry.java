package io.fastpath.internal.cache;

import com.github.benmanes.caffeine.cache.Expiry;

/** A key expires with its earliest-expiring reply (the replies of one key share its PTTL, so little is lost). */
final class EarliestReplyExpiry implements Expiry<CacheKey, KeyReplies> {
    @Override
    public long expireAfterCreate(CacheKey key, KeyReplies held, long currentTime) {
        return Math.max(0, held.earliestExpiryNanos() - currentTime);
    }

    @Override
    public long expireAfterUpdate(CacheKey key, KeyReplies held, long currentTime, long currentDuration) {
        return Math.max(0, held.earliestExpiryNanos() - currentTime);
    }

    @Override
    public long expireAfterRead(CacheKey key, KeyReplies held, long currentTime, long currentDuration) {
        return currentDuration;
    }
}
