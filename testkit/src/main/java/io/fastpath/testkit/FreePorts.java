package io.fastpath.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks loopback ports of this JVM's {@link PortBlock} that were free a moment ago, for every server the kit starts
 * (standalone, cluster node, Sentinel, TLS port).
 *
 * <p>A port can be taken between the check and the server's own bind, so callers retry the start
 * on "Address already in use" instead of trusting the answer.
 */
final class FreePorts {

    /** Redis derives a cluster node's bus port by adding this to its client port. */
    static final int CLUSTER_BUS_PORT_OFFSET = 10000;

    /** Starts at a random point of the block, so two JVMs given the same block (two checkouts' fork 1) begin apart. */
    private static final PortAllocator THIS_JVM = new PortAllocator(PortBlock.forThisJvm(),
            ThreadLocalRandom.current().nextInt(PortBlock.SIZE), FreePorts::isFree);

    private FreePorts() {
    }

    static int pick(boolean needsClusterBusPort) {
        return THIS_JVM.next(needsClusterBusPort);
    }

    /** True when {@code port} can be bound on the loopback address now. */
    static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return socket.isBound();
        } catch (IOException taken) {
            return false;
        }
    }
}
