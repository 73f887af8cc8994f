package io.fastpath.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Picks loopback ports that were free a moment ago.
 *
 * <p>A port can be taken between the check and the server's own bind, so callers retry the start
 * on "Address already in use" instead of trusting the answer.
 */
final class FreePorts {

    /** Redis derives a cluster node's bus port by adding this to its client port. */
    static final int CLUSTER_BUS_PORT_OFFSET = 10000;

    private static final int MAXIMUM_ATTEMPTS = 200;

    private FreePorts() {
    }

    static int pick(boolean needsClusterBusPort) {
        for (int attempt = 0; attempt < MAXIMUM_ATTEMPTS; attempt++) {
            int port = bindAndRelease(0);
            if (!needsClusterBusPort) {
                return port;
            }
            int busPort = port + CLUSTER_BUS_PORT_OFFSET;
            if (busPort <= 65535 && bindAndRelease(busPort) == busPort) {
                return port;
            }
        }
        throw new RedisTestkitException("Found no free loopback port after " + MAXIMUM_ATTEMPTS + " attempts");
    }

    /** Returns the bound port, or -1 when {@code port} is taken. */
    private static int bindAndRelease(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException exception) {
            if (port == 0) {
                throw new RedisTestkitException("Cannot bind any loopback port", exception);
            }
            return -1;
        }
    }
}
