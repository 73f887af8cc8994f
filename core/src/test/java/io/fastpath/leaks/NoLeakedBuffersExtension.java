package io.fastpath.leaks;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * After every test class: collects garbage, makes Netty's detectors look at what was collected, and
 * fails the class if any buffer was leaked. Registered for all core tests by service-loader autodetection.
 */
public final class NoLeakedBuffersExtension implements AfterAllCallback {
    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            GarbageCollection.collectAndAwaitClearedReferences();
            // A detector reports leaks it finds in its reference queue when the next buffer is tracked.
            for (ByteBufAllocator allocator : List.of(ByteBufAllocator.DEFAULT, PooledByteBufAllocator.DEFAULT,
                    UnpooledByteBufAllocator.DEFAULT)) {
                for (int i = 0; i < 20; i++) {
                    ByteBuf probe = allocator.directBuffer(16);
                    probe.release();
                    ByteBuf heapProbe = allocator.heapBuffer(16);
                    heapProbe.release();
                }
            }
        }
        List<String> leaks = LeakRecorder.drain();
        if (!leaks.isEmpty()) {
            throw new AssertionError(leaks.size() + " Netty buffer(s) leaked during " + context.getDisplayName()
                    + ":\n" + String.join("\n", leaks));
        }
    }
}
