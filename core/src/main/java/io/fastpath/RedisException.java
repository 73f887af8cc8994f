package io.fastpath;

/** Base of every exception Fastpath throws for a failed command or connection. */
public class RedisException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RedisException(String message) {
        super(message);
    }

    public RedisException(String message, Throwable cause) {
        super(message, cause);
    }
}
