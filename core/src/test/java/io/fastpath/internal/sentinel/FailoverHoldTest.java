package io.fastpath.internal.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.Endpoint;
import org.junit.jupiter.api.Test;

/** A hold lasts while any Sentinel says a failover is coming, and not after they all took it back. */
class FailoverHoldTest {
    private static final Endpoint SENTINEL_A = new Endpoint("127.0.0.1", 26379);
    private static final Endpoint SENTINEL_B = new Endpoint("127.0.0.1", 26380);
    private static final Endpoint ORIGINAL = new Endpoint("127.0.0.1", 6379);
    private static final Endpoint PROMOTED = new Endpoint("127.0.0.1", 6380);
    private final FailoverHold hold = new FailoverHold();

    @Test
    void onlyTheFirstAnnouncementStartsAHoldAndItEndsWhenTheLastSentinelTakesItsWordBack() {
        assertThat(hold.primaryDown(SENTINEL_A, ORIGINAL)).isTrue();
        assertThat(hold.failoverStarted(SENTINEL_B, ORIGINAL)).isFalse();
        assertThat(hold.primaryUp(SENTINEL_A)).isFalse();     // B still fails over
        assertThat(hold.active()).isTrue();
        assertThat(hold.failoverAborted(SENTINEL_B)).isTrue();
        assertThat(hold.active()).isFalse();
    }

    @Test
    void aSentinelThatStartedAFailoverIsNotReleasedByMinusOdown() {
        hold.primaryDown(SENTINEL_A, ORIGINAL);
        hold.failoverStarted(SENTINEL_A, ORIGINAL);
        assertThat(hold.primaryUp(SENTINEL_A)).isFalse(); // -odown arrives while its failover goes on (the old primary answers again)
        assertThat(hold.active()).isTrue();
        assertThat(hold.clear()).isTrue();                // the hold gave up
        assertThat(hold.clear()).isFalse();
    }

    @Test
    void anAbortFromASentinelThatAnnouncedNothingEndsNothing() {
        hold.failoverStarted(SENTINEL_A, ORIGINAL);
        assertThat(hold.failoverAborted(SENTINEL_B)).isFalse();
        assertThat(hold.active()).isTrue();
    }

    @Test
    void aLateWordAboutTheFirstFailoverDoesNotEndAnotherSentinelsAnnouncementOfTheSecond() {
        // B starts failing over the promoted primary before A's late +switch-master naming it arrives
        hold.failoverStarted(SENTINEL_B, PROMOTED);
        assertThat(hold.withdrawnBy(SENTINEL_A)).isFalse();
        assertThat(hold.active()).isTrue();
        assertThat(hold.withdrawnBy(SENTINEL_B)).isTrue();
    }

    @Test
    void movingToANewPrimaryKeepsTheAnnouncementsAboutItAndDropsTheOthers() {
        hold.failoverStarted(SENTINEL_A, ORIGINAL);
        hold.failoverStarted(SENTINEL_B, PROMOTED); // the second failover, announced while the client follows the first
        assertThat(hold.movedTo(PROMOTED)).as("the promoted primary is being failed over in turn").isTrue();
        assertThat(hold.failoverAborted(SENTINEL_B)).isTrue();

        hold.failoverStarted(SENTINEL_A, ORIGINAL);
        assertThat(hold.movedTo(PROMOTED)).isFalse();
        assertThat(hold.active()).isFalse();
    }

    @Test
    void aSentinelsAnnouncementAboutAnotherPrimaryReplacesItsOlderOne() {
        hold.failoverStarted(SENTINEL_A, ORIGINAL);
        hold.primaryDown(SENTINEL_A, PROMOTED); // newer news from the same Sentinel
        assertThat(hold.movedTo(PROMOTED)).isTrue();
        assertThat(hold.primaryUp(SENTINEL_A)).as("an objective-down only, so -odown takes it back").isTrue();
    }
}
