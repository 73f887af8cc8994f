package io.fastpath.internal.connection;

/**
 * One stretch of server-side tracking on one connection: from the handshake that enabled it until the
 * connection is lost, the server flushes its keys (FLUSHALL), or its node loses slots. Cache entries
 * remember the session that filled them and stop serving the moment it ends.
 *
 * <p>Thread ownership: any thread reads {@link #isEnded()}; any thread may end it, once.
 */
public final class TrackingSession {
    private volatile boolean ended;

    public boolean isEnded() {
        return ended;
    }

    void end() {
        ended = true;
    }
}
