package io.fastpath.internal.connection;

/**
 * Whether a connection is congested: a large reply streams in or the socket's send buffer is full, so commands
 * queued on it now would wait behind it. Callers with nothing in flight may then detour to another connection
 * (see NodeConnections); benchmark scenario (d), LargeValueScenario, measures the effect.
 *
 * <p>Thread ownership: written by the connection's event loop; {@link #isCongested()} is read by any thread.
 */
final class Congestion {
    private boolean receivingLargeReply;
    private boolean writable = true;
    private volatile boolean congested;

    boolean isCongested() {
        return congested;
    }

    void receivingLargeReply(boolean large) {
        if (large != receivingLargeReply) {
            receivingLargeReply = large;
            congested = receivingLargeReply || !writable;
        }
    }

    void writable(boolean isWritable) {
        if (isWritable != writable) {
            writable = isWritable;
            congested = receivingLargeReply || !writable;
        }
    }
}
