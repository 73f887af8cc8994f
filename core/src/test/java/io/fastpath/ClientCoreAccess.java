package io.fastpath;

import io.fastpath.internal.client.ClientCore;

/**
 * The engine behind a client, for tests in the engine's own packages ({@link RedisClient#core()} is visible in this
 * package only): such a test builds the client through the public builder, with its real defaults, and still reaches
 * the connections and loops it checks.
 */
public final class ClientCoreAccess {
    private ClientCoreAccess() {}

    public static ClientCore of(RedisClient client) {
        return client.core();
    }
}
