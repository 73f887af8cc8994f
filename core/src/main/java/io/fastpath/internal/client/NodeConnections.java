package io.fastpath.internal.client;

import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.routing.SlotHash;

/**
 * The N connections to one server. A keyed command goes to connection {@code slot & (N-1)}, so one
 * key's commands from one thread always share a connection and stay in order; a keyless command goes
 * by the calling thread, which keeps one thread's keyless commands in order too.
 */
public final class NodeConnections {
    private final Connection[] connections;
    private final int mask;

    public NodeConnections(Connection[] connections) {
        if (Integer.bitCount(connections.length) != 1) {
            throw new IllegalArgumentException("the connection count must be a power of two, got " + connections.length);
        }
        this.connections = connections.clone();
        this.mask = connections.length - 1;
    }

    public Connection forKey(byte[] routingKey) {
        if (routingKey == null) {
            return connections[(int) Thread.currentThread().getId() & mask];
        }
        return connections[SlotHash.slot(routingKey) & mask];
    }

    public Connection[] all() {
        return connections.clone();
    }

    public int size() {
        return connections.length;
    }
}
