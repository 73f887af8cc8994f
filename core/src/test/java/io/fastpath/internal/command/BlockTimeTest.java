package io.fastpath.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BlockTimeTest {

    @Test
    void blockingInvocationsAreRecognisedWithTheirBlockTime() {
        assertThat(blockNanos("BLPOP", "a", "b", "1.5")).isEqualTo(TimeUnit.MILLISECONDS.toNanos(1500));
        assertThat(blockNanos("BRPOP", "a", "0")).isEqualTo(BlockTime.FOREVER);
        assertThat(blockNanos("BLMOVE", "s", "d", "LEFT", "RIGHT", "2")).isEqualTo(TimeUnit.SECONDS.toNanos(2));
        assertThat(blockNanos("BLMPOP", "0.25", "1", "k", "LEFT")).isEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        assertThat(blockNanos("BZPOPMIN", "z", "3")).isEqualTo(TimeUnit.SECONDS.toNanos(3));
        assertThat(blockNanos("WAIT", "1", "100")).isEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
        assertThat(blockNanos("WAITAOF", "1", "0", "0")).isEqualTo(BlockTime.FOREVER);
        assertThat(blockNanos("XREAD", "COUNT", "5", "block", "250", "STREAMS", "s", "$")).isEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        assertThat(blockNanos("XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "s", ">")).isEqualTo(BlockTime.FOREVER);
    }

    @Test
    void nonBlockingInvocationsStayOnSharedConnections() {
        assertThat(blockNanos("GET", "k")).isEqualTo(BlockTime.NOT_BLOCKING);
        assertThat(blockNanos("XREAD", "COUNT", "5", "STREAMS", "s", "0")).isEqualTo(BlockTime.NOT_BLOCKING);
        assertThat(blockNanos("XREAD", "STREAMS", "BLOCK", "0")).isEqualTo(BlockTime.NOT_BLOCKING); // a stream named BLOCK
        assertThat(blockNanos("LPOP", "k")).isEqualTo(BlockTime.NOT_BLOCKING);
    }

    @Test
    void anUnreadableOrNegativeBlockTimeCountsAsZeroSoTheServersErrorComesBackWithinTheCommandTimeout() {
        assertThat(blockNanos("BLPOP", "k", "soon")).isZero();
        assertThat(blockNanos("BLPOP", "k", "-1")).isZero();
        assertThat(blockNanos("WAIT", "1")).isZero();
    }

    @Test
    void aBlockingDeadlineOutlastsTheServersCronTickSoAShortTimeoutNeverBeatsTheServersEmptyAnswer() {
        long block = TimeUnit.SECONDS.toNanos(1);
        long timeout = TimeUnit.MILLISECONDS.toNanos(50);
        // An idle server (hz 10) answers a timed-out BLPOP up to 100 ms late; CI saw a 1 s BLPOP answered after 1,113 ms.
        assertThat(BlockTime.deadline(0, block, timeout)).isEqualTo(block + TimeUnit.MILLISECONDS.toNanos(100) + timeout);
        assertThat(BlockTime.deadline(0, BlockTime.FOREVER, timeout)).isGreaterThan(TimeUnit.DAYS.toNanos(365));
    }

    private static long blockNanos(String... words) {
        byte[][] args = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            args[i] = words[i].getBytes(StandardCharsets.US_ASCII);
        }
        return BlockTime.blockNanos(words[0], args);
    }
}
