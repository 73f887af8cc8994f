package io.fastpath.internal.client;

import io.fastpath.internal.callerio.CallerDrivenLoop;
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

    /**
     * Caller-driven I/O: sends on a connection whose loop the calling thread takes, and marks the command so its caller
     * drives that loop until the reply ({@link DrivenWait}); with every loop held, sends as {@link #send} does.
     */
    <T> CompletableFuture<T> sendDriving(CommandFuture<T> command, boolean callerIdle) {
        Connection held = node.holdFreeLoop(command.spec().routingKey(), callerIdle);
        if (held == null) {
            return send(command, callerIdle);
        }
        command.drivenBy(held.eventLoop()); // the caller's wait drives it (and frees it)
        try {
            held.send(command); // from the holder: the drain is queued without a wake-up
        } catch (RuntimeException | Error unexpected) {
            ((CallerDrivenLoop) held.eventLoop()).free(); // the wait that would free it is never reached
            throw unexpected;
        }
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
