package io.fastpath.internal.cache;

import java.util.ArrayList;
import java.util.List;

/** Several cached replies of one key, one per read command; see {@link KeyReplies}. */
final class KeyEntries implements KeyReplies {
    private final CachedRead[] reads;
    /** The {@code GET} reply among {@link #reads}, or null: found without comparing arguments. */
    private final CachedRead plainGet;
    private final int weight;
    private final long earliestExpiryNanos;

    KeyEntries(CachedRead[] reads) {
        this.reads = reads;
        CachedRead get = null;
        int total = 0;
        long earliest = reads[0].expiresAtNanos; // never empty: an empty key is removed instead
        for (CachedRead read : reads) {
            get = read.plainGet ? read : get;
            total += read.weight;
            earliest = read.expiresAtNanos - earliest < 0 ? read.expiresAtNanos : earliest;
        }
        this.plainGet = get;
        this.weight = total;
        this.earliestExpiryNanos = earliest;
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
        for (CachedRead read : reads) {
            if (CachedRead.sameArgs(read.args, args)) {
                return read.find(args);
            }
        }
        return null;
    }

    @Override
    public List<CachedRead> live(long nowNanos) {
        List<CachedRead> live = new ArrayList<>(reads.length);
        for (CachedRead read : reads) {
            if (read.isLive(nowNanos)) {
                live.add(read);
            }
        }
        return live;
    }

    @Override
    public int count() {
        return reads.length;
    }
}
