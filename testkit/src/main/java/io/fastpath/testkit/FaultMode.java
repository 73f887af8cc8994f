package io.fastpath.testkit;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** What a {@link FaultProxy} currently does to the bytes it forwards; immutable except for the cut budget. */
final class FaultMode {

    enum Kind {
        PASS_THROUGH,
        DELAY,
        BLACKHOLE,
        CUT_AFTER_BYTES,
        DRIP
    }

    static final FaultMode PASS_THROUGH = new FaultMode(Kind.PASS_THROUGH, Duration.ZERO, 0);
    static final FaultMode BLACKHOLE = new FaultMode(Kind.BLACKHOLE, Duration.ZERO, 0);

    final Kind kind;
    /** The delay per chunk for DELAY, the pause between bytes for DRIP. */
    final Duration pause;
    /** Server-to-client bytes still allowed through before the cut; shared by all connections. */
    final AtomicLong remainingBeforeCut;

    private FaultMode(Kind kind, Duration pause, long remainingBeforeCut) {
        this.kind = kind;
        this.pause = pause;
        this.remainingBeforeCut = new AtomicLong(remainingBeforeCut);
    }

    static FaultMode delay(Duration delay) {
        return new FaultMode(Kind.DELAY, delay, 0);
    }

    static FaultMode cutAfterBytes(long bytes) {
        return new FaultMode(Kind.CUT_AFTER_BYTES, Duration.ZERO, bytes);
    }

    static FaultMode drip(Duration pauseBetweenBytes) {
        return new FaultMode(Kind.DRIP, pauseBetweenBytes, 0);
    }

    /** Reserves up to {@code wanted} bytes of the cut budget and returns how many were granted. */
    long takeFromCutBudget(long wanted) {
        while (true) {
            long remaining = remainingBeforeCut.get();
            long granted = Math.min(remaining, wanted);
            if (remainingBeforeCut.compareAndSet(remaining, remaining - granted)) {
                return granted;
            }
        }
    }

    @Override
    public String toString() {
        switch (kind) {
            case DELAY:
                return "delay " + pause.toMillis() + " ms";
            case CUT_AFTER_BYTES:
                return "cut after " + remainingBeforeCut.get() + " more bytes";
            case DRIP:
                return "drip";
            default:
                return kind.name().toLowerCase(Locale.ROOT);
        }
    }
}
