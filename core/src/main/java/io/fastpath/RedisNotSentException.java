package io.fastpath;

/**
 * The command was never written to the server, so it had no effect and is safe to retry. Thrown when
 * the connection could not be (re)established within the command's deadline, the disconnected queue was
 * full, or the client was closed first.
 */
public class RedisNotSentException extends RedisConnectionException {
    private static final long serialVersionUID = 1L;

    public RedisNotSentException(String endpoint, String message, Throwable cause) {
        super(endpoint, "command was never sent: " + message, cause);
    }
}
