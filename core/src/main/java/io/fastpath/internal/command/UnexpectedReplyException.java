package io.fastpath.internal.command;

import io.fastpath.command.Reply;

/** A reply whose type the command cannot produce: a sign of a desynchronised connection. */
public final class UnexpectedReplyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnexpectedReplyException(String expected, Reply actual) {
        super("expected " + expected + " but the server sent " + describe(actual), null, false, false);
    }

    private static String describe(Reply reply) {
        return reply == null ? "nothing" : reply.getClass().getSimpleName();
    }
}
