package io.fastpath.internal.connection;

import io.fastpath.RedisException;

/**
 * The exception a command completes with when its reply arrived but handling it threw: a user
 * {@code RedisCodec} that cannot decode the bytes, a converter, a redirect handler or a cache store. The
 * server answered (so a write did run); the cause is the original exception.
 */
final class ReplyHandlingFailure {
    private ReplyHandlingFailure() {}

    static RedisException of(Endpoint endpoint, CommandFuture<?> command, RuntimeException cause) {
        return new RedisException(endpoint + ": the reply to " + command.spec().name()
                + " arrived but handling it failed (" + cause + "); the server answered it, and the connection stays usable",
                cause);
    }
}
