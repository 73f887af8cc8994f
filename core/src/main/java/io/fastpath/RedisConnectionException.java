package io.fastpath;

/** A connection to {@link #endpoint()} could not be made or was lost. */
public class RedisConnectionException extends RedisException {
    private static final long serialVersionUID = 1L;
    private final String endpoint;

    public RedisConnectionException(String endpoint, String message, Throwable cause) {
        super(endpoint + ": " + message, cause);
        this.endpoint = endpoint;
    }

    /** {@code host:port} of the server. */
    public String endpoint() {
        return endpoint;
    }
}
