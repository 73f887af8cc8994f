package io.fastpath.internal.connection;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Commands a connection runs at the end of every handshake, before it takes queued commands: a pub/sub
 * subscriber connection re-issues its subscriptions here, so it is never "up" without them.
 */
@FunctionalInterface
public interface HandshakeExtension {
    /**
     * Event loop: writes its commands through {@code writer} (they bypass the queue). The connection becomes
     * ready when the returned future completes normally; a failure closes it and it reconnects.
     */
    CompletableFuture<?> run(Consumer<CommandFuture<?>> writer);
}
