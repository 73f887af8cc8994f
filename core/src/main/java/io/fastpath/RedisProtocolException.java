package io.fastpath;

/**
 * The bytes from the server were not valid RESP, broke a decoder limit, or did not fit the pending
 * commands. The connection that saw them is closed, and every command pending on it fails.
 */
public class RedisProtocolException extends RedisException {
    private static final long serialVersionUID = 1L;

    public RedisProtocolException(String message) {
        super(message);
    }
}
