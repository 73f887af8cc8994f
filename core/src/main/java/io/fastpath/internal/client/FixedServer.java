package io.fastpath.internal.client;

import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
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
        node.route(command.spec().routingKey(), callerIdle).send(command);
        return command;
    }

    @Override
    public <T> CompletableFuture<T> sendInCallOrder(CommandFuture<T> command) {
        node.route(null, false).send(command); // a null key routes by thread: one connection for all of them
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
