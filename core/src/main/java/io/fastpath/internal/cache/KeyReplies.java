package io.fastpath.internal.cache;

import java.util.List;

/**
 * The cached replies of one key (GET k, HGET k f, LRANGE k 0 9...), all dropped by one invalidation of
 * the key (R8). Most keys hold one reply, kept as the {@link CachedRead} itself so a hit follows one
 * reference fewer: a hit right after a miss runs with cold CPU caches, and each dependent load then
 * misses (benchmark scenario g1, hit p50 at 100% hot share, three alternating rounds against the
 * array-of-variants layout: 0.45/0.68/0.57 µs against 0.92/0.76/0.79 µs); keys with several are a
 * {@link KeyEntries}, a map keyed by the read so a hit or a fill costs one lookup however many fields of
 * the key are cached. A fill replaces the whole value (a {@code KeyEntries} shares its map with the value it
 * replaces), so a reader sees a reply either cached or not, never half-made.
 */
sealed interface KeyReplies permits CachedRead, KeyEntries {

    /** Estimated bytes held, for the cache's byte bound. */
    int weight();

    /** The key leaves the cache (Caffeine's expiry) when its first reply expires. */
    long earliestExpiryNanos();

    /**
     * The reply cached for {@code args} ({@code GET <this key>} when null, found without building the
     * command), or null: never cached, or its session ended; expiry is Caffeine's job.
     */
    CachedRead find(byte[][] args);

    /** For tests and the sweep: every reply whose session lasts and which has not expired at {@code nowNanos}. */
    List<CachedRead> live(long nowNanos);

    /** These replies without dead ones (ended session, expired); null when nothing is left. */
    default KeyReplies withoutDead(long nowNanos) {
        List<CachedRead> live = live(nowNanos);
        return live.size() == count() ? this : of(live);
    }

    int count();

    /**
     * {@code existing} with {@code added} in place of any older reply to the same command, at a cost that does
     * not grow with the replies the key holds (a hash read field by field: HGET k f1, HGET k f2...); a single
     * dead reply is left out, dead ones among several stay until the session sweep or the key's expiry.
     * Called only inside the cache's compute of the key.
     */
    static KeyReplies with(KeyReplies existing, CachedRead added, long nowNanos) {
        if (existing instanceof KeyEntries several) {
            return several.plus(added);
        }
        if (existing instanceof CachedRead single && single.isLive(nowNanos) && !CachedRead.sameArgs(single.args, added.args)) {
            return KeyEntries.of(List.of(single, added));
        }
        return added;
    }

    private static KeyReplies of(List<CachedRead> reads) {
        return reads.isEmpty() ? null : reads.size() == 1 ? reads.get(0) : KeyEntries.of(reads);
    }
}
