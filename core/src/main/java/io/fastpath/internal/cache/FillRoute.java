package io.fastpath.internal.cache;

import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;

/** How the cache reaches the servers: standalone (one node) or cluster (the primary of the key's slot). */
public interface FillRoute {

    /** Sends a fill to the connection its routing key maps to (never a replica, never a detour). */
    void send(CommandFuture<?> fill);

    /** Event loop of {@code connection}: true while that connection's node serves {@code key} (always, standalone). */
    boolean ownsKey(Connection connection, byte[] key);
}
