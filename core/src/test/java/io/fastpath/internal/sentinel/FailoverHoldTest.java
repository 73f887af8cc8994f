package io.fastpath.internal.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.Endpoint;
import org.junit.jupiter.api.Test;

/** A hold lasts while any Sentinel says a failover is coming, and not after they all took it back. */
class FailoverHoldTest {
    private static final Endpoint FIRST = new Endpoint("127.0.0.1", 26379);
    private static final Endpoint SECOND = new Endpoint("127.0.0.1", 26380);
    private final FailoverHold hold = new FailoverHold();

    @Test
    void onlyTheFirstAnnouncementStartsAHoldAndItEndsWhenTheLastSentinelTakesItsWordBack() {
        assertThat(hold.primaryDown(FIRST)).isTrue();
        assertThat(hold.failoverStarted(SECOND)).isFalse();
        assertThat(hold.primaryUp(FIRST)).isFalse();     // SECOND still fails over
        assertThat(hold.active()).isTrue();
        assertThat(hold.failoverAborted(SECOND)).isTrue();
        assertThat(hold.active()).isFalse();
    }

    @Test
    void aSentinelThatStartedAFailoverIsNotReleasedByMinusOdown() {
        hold.primaryDown(FIRST);
        hold.failoverStarted(FIRST);
        assertThat(hold.primaryUp(FIRST)).isFalse(); // -odown arrives while its failover goes on (the old primary answers again)
        assertThat(hold.active()).isTrue();
        assertThat(hold.clear()).isTrue();            // the new primary was announced
        assertThat(hold.clear()).isFalse();
    }

    @Test
    void anAbortFromASentinelThatAnnouncedNothingEndsNothing() {
        hold.failoverStarted(FIRST);
        assertThat(hold.failoverAborted(SECOND)).isFalse();
        assertThat(hold.active()).isTrue();
    }
}
