package io.fastpath.internal.sentinel;

import io.fastpath.internal.connection.Endpoint;
import java.util.HashMap;
import java.util.Map;

/**
 * Which Sentinels currently say a failover of the primary is coming: one that saw it objectively down
 * ({@code +odown}) or started a failover ({@code +try-failover}). While any does, the primary's commands
 * are held; a Sentinel stops counting when it takes its word back ({@code -odown} before any failover
 * attempt, or {@code -failover-abort-*}), and all stop when the new primary is announced.
 *
 * <p>Thread ownership: the Sentinel monitor's event loop only.
 */
final class FailoverHold {
    private enum Stage { OBJECTIVELY_DOWN, FAILING_OVER }

    private final Map<Endpoint, Stage> announcedBy = new HashMap<>();
    private long sinceNanos;

    /** {@code +odown}; returns true when this starts a hold. */
    boolean primaryDown(Endpoint sentinel) {
        return announce(sentinel, Stage.OBJECTIVELY_DOWN);
    }

    /** {@code +try-failover}; returns true when this starts a hold. */
    boolean failoverStarted(Endpoint sentinel) {
        return announce(sentinel, Stage.FAILING_OVER);
    }

    private boolean announce(Endpoint sentinel, Stage stage) {
        boolean starts = announcedBy.isEmpty();
        announcedBy.merge(sentinel, stage, (before, now) -> before == Stage.FAILING_OVER ? before : now);
        if (starts) {
            sinceNanos = System.nanoTime();
        }
        return starts;
    }

    /** {@code -odown}: counts only while that Sentinel has not started a failover. Returns true when the hold ends. */
    boolean primaryUp(Endpoint sentinel) {
        if (announcedBy.get(sentinel) == Stage.OBJECTIVELY_DOWN) {
            announcedBy.remove(sentinel);
            return announcedBy.isEmpty();
        }
        return false;
    }

    /** {@code -failover-abort-*}; returns true when the hold ends. */
    boolean failoverAborted(Endpoint sentinel) {
        return announcedBy.remove(sentinel) != null && announcedBy.isEmpty();
    }

    /** The new primary is known (or the hold gave up): nobody holds any more. Returns true if a hold ended. */
    boolean clear() {
        boolean was = !announcedBy.isEmpty();
        announcedBy.clear();
        return was;
    }

    boolean active() {
        return !announcedBy.isEmpty();
    }

    long heldNanos() {
        return active() ? System.nanoTime() - sinceNanos : 0;
    }
}
