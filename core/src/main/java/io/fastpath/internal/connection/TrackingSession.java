package io.fastpath.internal.connection;

/**
 * One stretch of server-side tracking on one connection: from the handshake that enabled it until the
 * connection is lost, the server flushes its keys (FLUSHALL), or its node loses slots. Cache entries
 * remember the session that filled them and stop serving the moment it ends; while it lasts they are
 * served only when the connection's event loop is proven to be running ({@link #heartbeat()}).
 *
 * <p>Thread ownership: any thread reads it; any thread may end it, once.
 */
public final class TrackingSession {
    private final LoopHeartbeat heartbeat;
    private volatile boolean ended;

    public TrackingSession(LoopHeartbeat heartbeat) {
        this.heartbeat = heartbeat;
    }

    public boolean isEnded() {
        return ended;
    }

    /** The heartbeat of the event loop that reads this session's invalidations. */
    public LoopHeartbeat heartbeat() {
        return heartbeat;
    }

    void end() {
        ended = true;
    }
}
