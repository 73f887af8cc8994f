package io.fastpath;

/**
 * The connection already holds its maximum number of unanswered commands; this one was rejected at
 * once and never sent. Slow down, await earlier futures, or raise {@code maxInFlightPerConnection}.
 */
public class RedisBackpressureException extends RedisException {
    private static final long serialVersionUID = 1L;

    public RedisBackpressureException(String message) {
        super(message);
    }
}
