package io.fastpath.internal.cluster;

import static io.fastpath.internal.cluster.FollowUpRefreshes.NONE;
import static io.fastpath.internal.cluster.FollowUpRefreshes.Reason.PRIMARY_DOWN;
import static io.fastpath.internal.cluster.FollowUpRefreshes.Reason.UNPLACED_REPLICA;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** How soon the topology is asked for again while a refresh's answer leaves something wrong, on a given clock. */
class FollowUpRefreshesTest {
    private static final long START = 1_000_000_000L; // any nanoTime value, even one that later wraps
    private final FollowUpRefreshes followUps = new FollowUpRefreshes();

    private static long seconds(long seconds) {
        return TimeUnit.SECONDS.toNanos(seconds);
    }

    @Test
    void nothingWrongAsksForNoFollowUp() {
        assertThat(followUps.next(null, START)).isEqualTo(NONE);
    }

    @Test
    void aPrimaryDownIsAskedAboutOftenForAMinuteThenEveryFewSecondsForAsLongAsItLasts() {
        assertThat(followUps.next(PRIMARY_DOWN, START)).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_INTERVAL_NANOS);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(59))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_INTERVAL_NANOS);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(60))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_SLOW_INTERVAL_NANOS);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(3_600))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_SLOW_INTERVAL_NANOS);
    }

    @Test
    void anUnplacedReplicaIsAskedAboutForHalfAMinuteThenLeftToThePeriodicRefresh() {
        assertThat(followUps.next(UNPLACED_REPLICA, START)).isEqualTo(FollowUpRefreshes.UNPLACED_REPLICA_INTERVAL_NANOS);
        assertThat(followUps.next(UNPLACED_REPLICA, START + seconds(29))).isEqualTo(FollowUpRefreshes.UNPLACED_REPLICA_INTERVAL_NANOS);
        assertThat(followUps.next(UNPLACED_REPLICA, START + seconds(30))).isEqualTo(NONE);
    }

    @Test
    void aConditionThatClearsAndComesBackIsAskedAboutOftenAgain() {
        followUps.next(PRIMARY_DOWN, START);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(120))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_SLOW_INTERVAL_NANOS);
        assertThat(followUps.next(null, START + seconds(121))).isEqualTo(NONE);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(122))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_INTERVAL_NANOS);
    }

    @Test
    void anotherReasonStartsItsOwnCount() {
        followUps.next(UNPLACED_REPLICA, START);
        assertThat(followUps.next(PRIMARY_DOWN, START + seconds(100))).isEqualTo(FollowUpRefreshes.PRIMARY_DOWN_INTERVAL_NANOS);
        assertThat(followUps.next(UNPLACED_REPLICA, START + seconds(101))).isEqualTo(FollowUpRefreshes.UNPLACED_REPLICA_INTERVAL_NANOS);
    }
}
