package io.fastpath.internal.client;

import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.routing.SlotHash;
import java.util.concurrent.CompletableFuture;

/** One standalone server at a fixed address: every command goes to its connections. Thread-safe. */
final class FixedServer implements StandaloneServers {
    private final NodeConnections node;

    public FixedServer(NodeConnections node) {
        this.node = node;
    }

    @Override
    public NodeConnections primary() {
        return node;
    }

    @Override
    public <T> CompletableFuture<T> send(CommandFuture<T> command, boolean callerIdle) {
        node.send(command, callerIdle);
        return command;
    }

    /**
     * Caller-driven I/O: sends on a connection whose loop the calling thread takes, and marks the command so its caller
     * drives that loop until the reply ({@link DrivenWait}); with every loop held, sends as {@link #send} does.
     */
    @Override
    public <T> CompletableFuture<T> sendDriving(CommandFuture<T> command, boolean callerIdle) {
        byte[] key = command.spec().routingKey();
        // An idle caller tries its thread's own connection first (NodeConnections#holdFreeLoop): no slot to compute
        int slot = key == null || callerIdle ? -1 : SlotHash.slot(key);
        if (!node.sendDriving(command, slot, callerIdle)) {
            return send(command, callerIdle);
        }
        return command;
    }

    @Override
    public <T> CompletableFuture<T> sendInCallOrder(CommandFuture<T> command) {
        node.route(null).send(command); // a null key routes by thread: one connection for all of them
        return command;
    }

    @Override
    public CompletableFuture<Void> close(long graceNanos) {
        Connection[] connections = node.all();
        CompletableFuture<?>[] closed = new CompletableFuture<?>[connections.length];
        for (int i = 0; i < connections.length; i++) {
            closed[i] = connections[i].close(graceNanos);
        }
        return CompletableFuture.allOf(closed);
    }

    @Override
    public String describe() {
        return node.endpoint().toString();
    }
}
