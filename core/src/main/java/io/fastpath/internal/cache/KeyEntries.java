package io.fastpath.internal.cache;

import io.fastpath.Reply;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.LoopHeartbeat;
import io.fastpath.internal.connection.TrackingSession;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cached replies of one key, one per read command (GET k, HGET k f, LRANGE k 0 9...): immutable, so
 * a reader never sees a half-made change; a fill replaces the whole value (R8: invalidating the key
 * drops every command variant).
 */
final class KeyEntries {
    /** Per reply: the map entry, its arrays and records; rough, but a bound, not an accounting. */
    private static final int OVERHEAD_BYTES = 96;

    /**
     * One cached reply: what was read, by which tracking session, until when. Flat, so a hit follows few
     * references: a hit right after a miss runs with cold CPU caches, and each dependent load then costs a
     * cache miss (benchmark scenario g1, hit p50).
     */
    static final class Variant {
        private record Converted(ReplyConverter<?> converter, Object value) {}

        final byte[][] args;
        final Reply value;
        final TrackingSession session;
        /** The session's heartbeat, held here too so both loads start at once. */
        final LoopHeartbeat heartbeat;
        final long expiresAtNanos;
        final int weight;
        /** {@code GET <key>}, found without building the command. */
        final boolean plainGet;
        /**
         * The last immutable result (a String, a number, null...) a converter made of the reply, so the next
         * hit through the same converter returns it without copying or decoding (any thread; a race only
         * converts twice).
         */
        private volatile Converted converted;

        private Variant(byte[][] args, Reply value, TrackingSession session, long expiresAtNanos, int weight, boolean plainGet) {
            this.args = args;
            this.value = value;
            this.session = session;
            this.heartbeat = session.heartbeat();
            this.expiresAtNanos = expiresAtNanos;
            this.weight = weight;
            this.plainGet = plainGet;
        }

        byte[][] args() {
            return args;
        }

        Reply value() {
            return value;
        }

        @SuppressWarnings("unchecked")
        <T> T convert(ReplyConverter<T> converter) {
            Converted known = converted;
            if (known != null && known.converter == converter) {
                return (T) known.value;
            }
            T result = converter.convert(ReplyCopies.copy(value)); // the caller's own copy: the binary API hands out arrays
            if (result == null || result instanceof String || result instanceof Number || result instanceof Boolean
                    || result instanceof Enum<?>) {
                converted = new Converted(converter, result);
            }
            return result;
        }
    }

    private final Variant[] variants;
    /** The {@code GET} reply among {@link #variants}, or null: one load fewer for the commonest hit. */
    private final Variant plainGet;
    final int weight;
    /** The key leaves the cache (Caffeine's expiry) when its first reply expires, so a read needs no clock of its own. */
    final long earliestExpiryNanos;

    private KeyEntries(Variant[] variants, int keyLength) {
        this.variants = variants;
        Variant get = null;
        for (Variant variant : variants) {
            get = variant.plainGet ? variant : get;
        }
        this.plainGet = get;
        int total = keyLength;
        long earliest = variants[0].expiresAtNanos; // never empty: an empty key is removed instead
        for (Variant variant : variants) {
            total += variant.weight;
            earliest = variant.expiresAtNanos - earliest < 0 ? variant.expiresAtNanos : earliest;
        }
        this.weight = total;
        this.earliestExpiryNanos = earliest;
    }

    static Variant variant(byte[][] args, Reply value, TrackingSession session, long expiresAtNanos) {
        long size = OVERHEAD_BYTES + ReplyCopies.sizeOf(value);
        for (byte[] arg : args) {
            size += arg.length + 16;
        }
        boolean plainGet = args.length == 2 && Arrays.equals(args[0], CachedReads.GET);
        return new Variant(args, value, session, expiresAtNanos, (int) Math.min(Integer.MAX_VALUE / 2, size), plainGet);
    }

    /**
     * The reply cached for {@code args} ({@code GET <this key>} when null, found without building the
     * command), or null: never cached, or its session ended; expiry is Caffeine's job.
     */
    Variant find(byte[][] args) {
        if (args == null) {
            return plainGet == null || plainGet.session.isEnded() ? null : plainGet;
        }
        for (Variant variant : variants) {
            if (sameArgs(variant.args, args)) {
                return variant.session.isEnded() ? null : variant;
            }
        }
        return null;
    }

    /** This key's entries with {@code added} in place of any older reply to the same command; dead ones left out. */
    static KeyEntries with(KeyEntries existing, Variant added, int keyLength, long nowNanos) {
        List<Variant> kept = new ArrayList<>(2);
        if (existing != null) {
            for (Variant variant : existing.variants) {
                if (isLive(variant, nowNanos) && !sameArgs(variant.args, added.args)) {
                    kept.add(variant);
                }
            }
        }
        kept.add(added);
        return new KeyEntries(kept.toArray(new Variant[0]), keyLength);
    }

    /** Without the replies of ended sessions or past their expiry; null when nothing is left. */
    KeyEntries withoutDead(int keyLength, long nowNanos) {
        List<Variant> kept = new ArrayList<>(variants.length);
        for (Variant variant : variants) {
            if (isLive(variant, nowNanos)) {
                kept.add(variant);
            }
        }
        if (kept.size() == variants.length) {
            return this;
        }
        return kept.isEmpty() ? null : new KeyEntries(kept.toArray(new Variant[0]), keyLength);
    }

    /** For tests: every live reply of this key, with the command that read it. */
    List<Variant> live(long nowNanos) {
        List<Variant> live = new ArrayList<>();
        for (Variant variant : variants) {
            if (isLive(variant, nowNanos)) {
                live.add(variant);
            }
        }
        return live;
    }

    private static boolean isLive(Variant variant, long nowNanos) {
        return !variant.session.isEnded() && variant.expiresAtNanos - nowNanos > 0;
    }

    private static boolean sameArgs(byte[][] left, byte[][] right) {
        if (left.length != right.length) {
            return false;
        }
        for (int i = 0; i < left.length; i++) {
            if (!Arrays.equals(left[i], right[i])) {
                return false;
            }
        }
        return true;
    }
}
