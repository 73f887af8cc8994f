package io.fastpath;

/**
 * The command's deadline passed. {@link #wasSent()} tells whether it had been written (outcome unknown;
 * its late reply will be read and dropped) or was still queued (never executed). The message carries
 * the connection's state to tell a slow server from a dead one or a saturated client.
 */
public class RedisTimeoutException extends RedisException {
    private static final long serialVersionUID = 1L;
    private final boolean sent;

    public RedisTimeoutException(String message, boolean sent) {
        super(message);
        this.sent = sent;
    }

    /** True when the command had been written to the socket before its deadline passed. */
    public boolean wasSent() {
        return sent;
    }
}
