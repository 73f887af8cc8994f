package io.fastpath.internal.cache;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.TrackingSession;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.LongAdder;

/**
 * One cached reply to one read command: what was read, by which tracking session, until when. Flat, so a
 * hit follows few references (see {@link KeyReplies}).
 *
 * <p>Thread ownership: immutable but for the remembered conversion, which any thread sets once.
 */
final class CachedRead implements KeyReplies {
    /** Per reply: the map entries, arrays and objects around it; rough, but a bound, not an accounting. */
    private static final int OVERHEAD_BYTES = 96;
    /** A GET's: the String a lookup by text may leave on the key ({@link CacheKey#text}), beside its characters. */
    private static final int KEY_TEXT_OVERHEAD_BYTES = 40;
    private static final AtomicIntegerFieldUpdater<CachedRead> CONVERSION_CLAIMED =
            AtomicIntegerFieldUpdater.newUpdater(CachedRead.class, "conversionClaimed");

    final byte[][] args;
    final Reply value;
    final TrackingSession session;
    final long expiresAtNanos;
    final int weight;
    /** {@code GET <key>}. */
    final boolean plainGet;

    /**
     * The first immutable result (a String, a number, null...) a converter made of the reply, so later hits
     * through the same converter return it without copying or decoding: set once by whichever thread
     * claims it, {@link #converted} before the volatile {@link #convertedBy} that publishes it.
     */
    private volatile int conversionClaimed;
    private Object converted;
    private volatile ReplyConverter<?> convertedBy;

    private CachedRead(byte[][] args, Reply value, TrackingSession session, long expiresAtNanos, int weight, boolean plainGet) {
        this.args = args;
        this.value = value;
        this.session = session;
        this.expiresAtNanos = expiresAtNanos;
        this.weight = weight;
        this.plainGet = plainGet;
    }

    /** The reply {@code value} to {@code args} (command and key included), read by {@code session}. */
    static CachedRead of(byte[][] args, Reply value, TrackingSession session, long expiresAtNanos) {
        long size = OVERHEAD_BYTES + ReplyCopies.sizeOf(value);
        for (byte[] arg : args) {
            size += arg.length + 16;
        }
        boolean plainGet = args.length == 2 && Arrays.equals(args[0], CachedReads.GET);
        if (plainGet) {
            size += KEY_TEXT_OVERHEAD_BYTES + args[1].length;
        }
        return new CachedRead(args, value, session, expiresAtNanos, (int) Math.min(Integer.MAX_VALUE / 2, size), plainGet);
    }

    /** The reply as {@code converter} makes it, remembered for the next hit when immutable. */
    @SuppressWarnings("unchecked")
    <T> T convert(ReplyConverter<T> converter) {
        if (convertedBy == converter) {
            return (T) converted; // the volatile read above makes the plain write before it visible
        }
        T result = converter.convert(ReplyCopies.copy(value)); // the caller's own copy: the binary API hands out arrays
        boolean immutable = result == null || result instanceof String || result instanceof Number
                || result instanceof Boolean || result instanceof Enum<?>;
        if (immutable && conversionClaimed == 0 && CONVERSION_CLAIMED.compareAndSet(this, 0, 1)) {
            converted = result;
            convertedBy = converter;
        }
        return result;
    }

    boolean isLive(long nowNanos) {
        return !session.isEnded() && expiresAtNanos - nowNanos > 0;
    }

    @Override
    public int weight() {
        return weight;
    }

    @Override
    public long earliestExpiryNanos() {
        return expiresAtNanos;
    }

    @Override
    public CachedRead find(byte[][] args) {
        boolean matches = args == null ? plainGet : sameArgs(this.args, args);
        return matches && !session.isEnded() ? this : null;
    }

    @Override
    public List<CachedRead> live(long nowNanos) {
        return isLive(nowNanos) ? List.of(this) : List.of();
    }

    @Override
    public int count() {
        return 1;
    }

    /**
     * Test hook, off unless the JVM runs with {@code -Dfastpath.cache.countArgComparisons=true} (the core tests
     * do): counts every comparison of two reads' arguments, so a test can show a lookup among a key's replies
     * compares a constant number of them. A constant false, so the compiler drops the counting.
     */
    static final boolean COUNT_ARG_COMPARISONS = Boolean.getBoolean("fastpath.cache.countArgComparisons");
    static final LongAdder ARG_COMPARISONS = new LongAdder();

    /** Whether two reads are the same command with the same arguments; every comparison of reads goes through here. */
    static boolean sameArgs(byte[][] left, byte[][] right) {
        if (COUNT_ARG_COMPARISONS) {
            ARG_COMPARISONS.increment();
        }
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
