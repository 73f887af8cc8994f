package io.fastpath.internal.cache;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Several cached replies of one key, one per read command, in a map keyed by the whole read (HGET k f1,
 * HGET k f2...), so a hit and a fill cost one lookup however many fields of the key are cached; see
 * {@link KeyReplies}.
 *
 * <p>Thread ownership: any thread reads. The map is shared by the successive values of one cache entry and
 * changed only inside the cache's compute for that key (one writer at a time per key); each fill returns a
 * new {@code KeyEntries} with its own weight and expiry, so the cache's byte bound sees every change.
 */
final class KeyEntries implements KeyReplies {
    // Any thread reads; written only under the cache's per-key compute.
    private final ConcurrentHashMap<ReadKey, CachedRead> byRead;
    /** The {@code GET} reply among the reads, or null: found without building a map key. */
    private final CachedRead plainGet;
    private final int weight;
    /** At most the expiry of every reply held (a replaced reply may leave it earlier: the key then expires early, never late). */
    private final long earliestExpiryNanos;

    private KeyEntries(ConcurrentHashMap<ReadKey, CachedRead> byRead, CachedRead plainGet, int weight, long earliestExpiryNanos) {
        this.byRead = byRead;
        this.plainGet = plainGet;
        this.weight = weight;
        this.earliestExpiryNanos = earliestExpiryNanos;
    }

    /** A new entry of {@code reads} (at least two, distinct commands). */
    static KeyEntries of(List<CachedRead> reads) {
        ConcurrentHashMap<ReadKey, CachedRead> byRead = new ConcurrentHashMap<>(reads.size() * 2);
        CachedRead get = null;
        long total = 0;
        long earliest = reads.get(0).expiresAtNanos;
        for (CachedRead read : reads) {
            byRead.put(new ReadKey(read.args), read);
            get = read.plainGet ? read : get;
            total += read.weight;
            earliest = read.expiresAtNanos - earliest < 0 ? read.expiresAtNanos : earliest;
        }
        return new KeyEntries(byRead, get, clampWeight(total), earliest);
    }

    /**
     * This key's replies with {@code added} in place of any reply to the same command: one map update,
     * whatever the number of replies held. Called only inside the cache's compute of this key.
     */
    KeyEntries plus(CachedRead added) {
        CachedRead replaced = byRead.put(new ReadKey(added.args), added);
        long total = (long) weight + added.weight - (replaced == null ? 0 : replaced.weight);
        long earliest = added.expiresAtNanos - earliestExpiryNanos < 0 ? added.expiresAtNanos : earliestExpiryNanos;
        CachedRead get = added.plainGet ? added : plainGet;
        return new KeyEntries(byRead, get, clampWeight(total), earliest);
    }

    private static int clampWeight(long total) {
        return (int) Math.min(Integer.MAX_VALUE / 2, total);
    }

    @Override
    public int weight() {
        return weight;
    }

    @Override
    public long earliestExpiryNanos() {
        return earliestExpiryNanos;
    }

    @Override
    public CachedRead find(byte[][] args) {
        if (args == null) {
            return plainGet == null ? null : plainGet.find(null);
        }
        CachedRead read = byRead.get(new ReadKey(args));
        return read == null ? null : read.find(args);
    }

    @Override
    public List<CachedRead> live(long nowNanos) {
        List<CachedRead> live = new ArrayList<>(byRead.size());
        for (CachedRead read : byRead.values()) {
            if (read.isLive(nowNanos)) {
                live.add(read);
            }
        }
        return live;
    }

    @Override
    public int count() {
        return byRead.size();
    }
}
