package io.fastpath.internal.sentinel;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.internal.connection.Endpoint;
import org.junit.jupiter.api.Test;

/** The event formats Sentinel publishes (copied from a Redis 7.0 Sentinel's channels). */
class SentinelEventTest {
    private static final Endpoint OLD = new Endpoint("127.0.0.1", 17001);
    private static final Endpoint NEW = new Endpoint("127.0.0.1", 17003);

    @Test
    void switchMasterNamesTheOldAndTheNewPrimary() {
        SentinelEvent event = SentinelEvent.parse("+switch-master", "mymaster 127.0.0.1 17001 127.0.0.1 17003");
        assertThat(event).isEqualTo(new SentinelEvent("+switch-master", "master", NEW, "mymaster", OLD));
    }

    @Test
    void aReplicaEventNamesTheReplicaAndItsPrimary() {
        SentinelEvent event = SentinelEvent.parse("+promoted-slave", "slave 127.0.0.1:17003 127.0.0.1 17003 @ mymaster 127.0.0.1 17001");
        assertThat(event).isEqualTo(new SentinelEvent("+promoted-slave", "slave", NEW, "mymaster", OLD));
        assertThat(event.isAboutReplica()).isTrue();
    }

    @Test
    void aPrimaryEventWithTrailingWordsNamesThePrimary() {
        SentinelEvent odown = SentinelEvent.parse("+odown", "master mymaster 127.0.0.1 17001 #quorum 2/2");
        assertThat(odown).isEqualTo(new SentinelEvent("+odown", "master", OLD, "mymaster", OLD));
        assertThat(SentinelEvent.parse("+try-failover", "master mymaster 127.0.0.1 17001").isAboutPrimary()).isTrue();
        assertThat(SentinelEvent.parse("-failover-abort-not-elected", "master mymaster 127.0.0.1 17001").isFailoverAbort()).isTrue();
    }

    @Test
    void aSentinelEventNamesTheNewSentinel() {
        SentinelEvent event = SentinelEvent.parse("+sentinel",
                "sentinel 4ebae4bcfcc33d803f702808fdc957ebcf14b19b 127.0.0.1 27002 @ mymaster 127.0.0.1 17001");
        assertThat(event.address()).isEqualTo(new Endpoint("127.0.0.1", 27002));
        assertThat(event.role()).isEqualTo("sentinel");
    }

    @Test
    void messagesOfAnotherShapeAreIgnored() {
        assertThat(SentinelEvent.parse("+switch-master", "mymaster 127.0.0.1")).isNull();
        assertThat(SentinelEvent.parse("+sdown", "slave x")).isNull();
        assertThat(SentinelEvent.parse("+sdown", "slave a 127.0.0.1 notaport @ m 127.0.0.1 1")).isNull();
        assertThat(SentinelEvent.parse("+sdown", "slave 127.0.0.1:1 127.0.0.1 1")).isNull();
        assertThat(SentinelEvent.parse(null, "x")).isNull();
    }
}
