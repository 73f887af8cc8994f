package io.fastpath.testkit;

/**
 * An error reply ({@code -ERR ...} or a RESP3 blob error) sent by the server.
 *
 * <p>{@link RespClient#call} throws it for a top-level error reply; inside an aggregate (for
 * example the reply to {@code EXEC}) it appears as an element so the other elements stay readable.
 */
public final class RespServerError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RespServerError(String message) {
        super(message);
    }

    /** The first word of the message, for example {@code MOVED}, {@code ASK} or {@code ERR}. */
    public String errorCode() {
        String message = getMessage();
        int space = message.indexOf(' ');
        return space < 0 ? message : message.substring(0, space);
    }
}
