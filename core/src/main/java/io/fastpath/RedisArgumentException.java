package io.fastpath;

/** An argument was invalid; thrown while building the command, before anything is sent. */
public class RedisArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public RedisArgumentException(String message) {
        super(message);
    }
}
