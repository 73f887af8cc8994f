package io.fastpath.internal.sentinel;

import io.fastpath.internal.connection.Endpoint;
import java.util.HashMap;
import java.util.Map;

/**
 * Which Sentinels currently say a failover is coming, and of which primary: one that saw it objectively down
 * ({@code +odown}) or started a failover ({@code +try-failover}). While any does, the primary's commands are held; a
 * Sentinel stops counting when it takes its word back ({@code -odown} before any failover attempt,
 * {@code -failover-abort-*}) or names the client's primary as the primary again (its own {@code +switch-master} of an
 * earlier failover), and a switch to a new primary keeps only the announcements about that new primary.
 *
 * <p>Why per primary: with two failovers in quick succession, the second one's {@code +try-failover} (about the
 * primary the first promoted) can reach the client before another Sentinel's late announcement of the first, or while
 * the client is still moving to that primary; dropping it then would let writes reach a primary that is being
 * replaced, and the acknowledged ones would be lost when it becomes a replica.
 *
 * <p>Thread ownership: the Sentinel monitor's event loop only.
 */
final class FailoverHold {
    private enum Stage { OBJECTIVELY_DOWN, FAILING_OVER }

    /** What one Sentinel announced, about which primary. */
    private record Announcement(Stage stage, Endpoint primary) {}

    private final Map<Endpoint, Announcement> announcedBy = new HashMap<>();
    private long sinceNanos;

    /** {@code +odown} of {@code primary}; returns true when this starts a hold. */
    boolean primaryDown(Endpoint sentinel, Endpoint primary) {
        return announce(sentinel, new Announcement(Stage.OBJECTIVELY_DOWN, primary));
    }

    /** {@code +try-failover} of {@code primary}; returns true when this starts a hold. */
    boolean failoverStarted(Endpoint sentinel, Endpoint primary) {
        return announce(sentinel, new Announcement(Stage.FAILING_OVER, primary));
    }

    private boolean announce(Endpoint sentinel, Announcement announcement) {
        boolean starts = announcedBy.isEmpty();
        // A Sentinel that fails a primary over keeps saying so through its -odown; an announcement about another
        // primary is newer news from that Sentinel and replaces it.
        announcedBy.merge(sentinel, announcement, (before, now) ->
                before.stage == Stage.FAILING_OVER && before.primary.equals(now.primary) ? before : now);
        if (starts) {
            sinceNanos = System.nanoTime();
        }
        return starts;
    }

    /** {@code -odown}: counts only while that Sentinel has not started a failover. Returns true when the hold ends. */
    boolean primaryUp(Endpoint sentinel) {
        Announcement announced = announcedBy.get(sentinel);
        if (announced != null && announced.stage == Stage.OBJECTIVELY_DOWN) {
            announcedBy.remove(sentinel);
            return announcedBy.isEmpty();
        }
        return false;
    }

    /** {@code -failover-abort-*}; returns true when the hold ends. */
    boolean failoverAborted(Endpoint sentinel) {
        return withdrawnBy(sentinel);
    }

    /**
     * {@code sentinel} named the client's current primary as the primary ({@code +switch-master} or
     * {@code +promoted-slave} of a failover the client already followed): it announces no failover of it any more.
     * Returns true when the hold ends; the other Sentinels' announcements stand.
     */
    boolean withdrawnBy(Endpoint sentinel) {
        return announcedBy.remove(sentinel) != null && announcedBy.isEmpty();
    }

    /**
     * The client moved to {@code newPrimary}: announcements about other primaries are over, those about
     * {@code newPrimary} (a failover of it already announced) still hold it. Returns whether a hold remains.
     */
    boolean movedTo(Endpoint newPrimary) {
        announcedBy.values().removeIf(announced -> !announced.primary.equals(newPrimary));
        return !announcedBy.isEmpty();
    }

    /** The hold gave up: nobody holds any more. Returns true if a hold ended. */
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
