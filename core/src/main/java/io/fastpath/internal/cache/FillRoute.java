package io.fastpath.internal.cache;

import io.fastpath.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import java.util.concurrent.CompletableFuture;

/** How the cache reaches the servers: standalone (one node) or cluster (the primary of the key's slot). */
public interface FillRoute {

    /** Sends a fill to the connection its routing key maps to (never a replica, never a detour). */
    void send(CommandFuture<?> fill);

    /** Event loop of {@code connection}: true while that connection's node serves {@code key} (always, standalone). */
    boolean ownsKey(Connection connection, byte[] key);

    /** The plain read, bypassing the cache (a fill the server refused, e.g. a slot moved mid-MULTI); completes on an I/O thread. */
    CompletableFuture<Reply> sendUncached(CommandSpec<Reply> read, long deadlineNanos);
}
