package io.fastpath.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Proves the leak check can fail: a buffer dropped without release is reported. */
class LeakRecorderTest {

    @Test
    void bufferDroppedWithoutReleaseIsReported() throws InterruptedException {
        leakOneBuffer();
        List<String> leaks = List.of();
        for (int attempt = 0; attempt < 20 && leaks.isEmpty(); attempt++) {
            GarbageCollection.collectAndAwaitClearedReferences();
            for (int i = 0; i < 10; i++) {
                ByteBuf probe = ByteBufAllocator.DEFAULT.directBuffer(8);
                probe.release();
            }
            leaks = LeakRecorder.drain();
        }
        assertThat(leaks).isNotEmpty();
        assertThat(leaks.get(0)).contains("leaked");
    }

    private static void leakOneBuffer() {
        ByteBuf leaked = ByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42); // never released
    }
}
