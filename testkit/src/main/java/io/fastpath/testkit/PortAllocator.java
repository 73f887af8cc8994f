package io.fastpath.testkit;

import java.util.function.IntPredicate;

/**
 * Walks one {@link PortBlock} round and round, so a JVM hands out every port of its block once before any port again:
 * a killed node's port stays unused for as long as possible. A port the check finds taken (by another program, or by
 * another checkout's tests in the same block) is skipped for this round.
 */
final class PortAllocator {

    private final PortBlock block;
    private final IntPredicate isFree;

    // Any thread (a cluster starts its nodes in parallel): guarded by this.
    private int nextOffset;

    /** {@code startOffset}: where in the block the walk begins; {@code isFree}: whether a port can be bound now. */
    PortAllocator(PortBlock block, int startOffset, IntPredicate isFree) {
        if (startOffset < 0 || startOffset >= PortBlock.SIZE) {
            throw new IllegalArgumentException("Start offset must be 0 to " + (PortBlock.SIZE - 1) + ", not " + startOffset);
        }
        this.block = block;
        this.nextOffset = startOffset;
        this.isFree = isFree;
    }

    PortBlock block() {
        return block;
    }

    /** The next free port of the block; with {@code needsClusterBusPort} its bus port must be free too. */
    synchronized int next(boolean needsClusterBusPort) {
        for (int tried = 0; tried < PortBlock.SIZE; tried++) {
            int port = block.firstPort() + nextOffset;
            nextOffset = (nextOffset + 1) % PortBlock.SIZE;
            if (isFree.test(port) && (!needsClusterBusPort || isFree.test(port + FreePorts.CLUSTER_BUS_PORT_OFFSET))) {
                return port;
            }
        }
        throw new RedisTestkitException("Found no free loopback port in " + block
                + (needsClusterBusPort ? " with a free cluster bus port" : ""));
    }
}
