package io.fastpath.internal.connection;

import io.fastpath.command.Reply;

/**
 * Sees a command's own error reply before its caller does, so a cluster redirect (MOVED, ASK) or a
 * transient refusal (TRYAGAIN, CLUSTERDOWN, LOADING) can re-send the command instead of failing it.
 * The reply has been consumed and the command has left the FIFO it was read from, so re-sending cannot
 * hand anyone a reply that is not theirs, and the server did not execute it.
 *
 * <p>Thread ownership: called on the event loop of the connection that read the reply.
 */
public interface ErrorInterceptor {
    /**
     * @return true when the interceptor took the command over (it re-sent it or will complete it);
     *     false to complete it with the error as usual (possibly replaced by {@link CommandFuture#replaceFailure})
     */
    boolean intercept(CommandFuture<?> command, Reply.ErrorReply error, Connection from);
}
