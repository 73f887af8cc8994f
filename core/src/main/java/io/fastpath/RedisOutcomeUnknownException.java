package io.fastpath;

/**
 * The command was written but the connection was lost before its reply arrived: the server may or may
 * not have executed it. Retrying a non-idempotent write (INCR, LPUSH) may apply it twice.
 */
public class RedisOutcomeUnknownException extends RedisConnectionException {
    private static final long serialVersionUID = 1L;

    public RedisOutcomeUnknownException(String endpoint, String message, Throwable cause) {
        super(endpoint, "command was sent but no reply arrived: " + message, cause);
    }
}
