package io.fastpath;

/**
 * A cluster command was redirected (MOVED or ASK) more times than the client allows, so it was not
 * sent again. The cluster is probably reconfiguring; the last node did not execute the command.
 */
public class RedisRedirectException extends RedisException {
    private static final long serialVersionUID = 1L;
    private final String lastServerError;

    public RedisRedirectException(String message, String lastServerError) {
        super(message);
        this.lastServerError = lastServerError;
    }

    /** The last redirect the server answered with, e.g. {@code MOVED 3999 127.0.0.1:7001}. */
    public String lastServerError() {
        return lastServerError;
    }
}
