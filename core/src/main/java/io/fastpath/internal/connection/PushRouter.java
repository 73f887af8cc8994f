package io.fastpath.internal.connection;

import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import java.util.function.Consumer;

/**
 * The push router: sends a connection's push frames where they belong (invalidations to the client-side cache,
 * pub/sub messages to the subscriber's listener) and keeps the connection's tracking session, the span during which
 * the server tracks the keys it read for the cache.
 *
 * <p>Thread ownership: pushes arrive on the connection's event loop; the listener is set before the connection
 * starts; the tracking session is read by any thread, replaced on the event loop, ended by any thread.
 */
final class PushRouter {
    private final Connection connection;
    private final ConnectionSettings settings;
    private volatile Consumer<Reply.PushReply> listener = push -> { };
    /** Set with a push listener (a subscriber connection); a pub/sub push anywhere else is a protocol violation. */
    private volatile boolean receivesPubSub;
    /** Client-side cache: this connection's entries live while it is alive; null while tracking is off. */
    private volatile TrackingSession trackingSession;

    PushRouter(Connection connection, ConnectionSettings settings) {
        this.connection = connection;
        this.settings = settings;
    }

    /** Makes this a subscriber connection: pub/sub pushes go to {@code pushListener}. */
    void listener(Consumer<Reply.PushReply> pushListener) {
        this.listener = pushListener;
        this.receivesPubSub = true;
    }

    /** Event loop: one push frame, read between replies. */
    void route(Reply.PushReply push) {
        ClientTracking tracking = settings.tracking();
        String kind = push.kind();
        if (tracking != null && "invalidate".equals(kind)) {
            tracking.onInvalidation(connection, push);
            return;
        }
        if (!receivesPubSub && PubSubPushes.isPubSub(kind)) {
            // A command the client did not send as a subscription was answered by pushes (RESP3 UNSUBSCRIBE
            // and its kin), so its FIFO entry would take the next caller's reply: nothing on it can be trusted.
            throw new RedisProtocolException(connection.endpoint() + ": a '" + kind + "' push arrived on a connection that never "
                    + "subscribed, so its replies no longer match its commands; the connection was closed");
        }
        listener.accept(push);
    }

    /** The client-side cache's session of this connection's tracking, or null when tracking is off or lost. */
    TrackingSession trackingSession() {
        return trackingSession;
    }

    /** Event loop: a handshake enabled tracking (CLIENT TRACKING was part of it), so a session starts. */
    void startTrackingSession() {
        trackingSession = newTrackingSession();
    }

    /** Any thread: ends the current tracking session so every entry it filled is dropped, and starts a new one. */
    void renewTrackingSession() {
        TrackingSession current = trackingSession;
        if (current == null) {
            return;
        }
        current.end(); // at once, from any thread: entries of this session stop serving now
        connection.eventLoop().execute(() -> {
            if (trackingSession == current) { // not already replaced by a disconnect or another renewal
                trackingSession = newTrackingSession();
                settings.tracking().onSessionEnded(current);
            }
        });
    }

    private TrackingSession newTrackingSession() {
        return new TrackingSession(settings.tracking().heartbeatOf(connection.eventLoop()));
    }

    /** Event loop: the socket is gone, and with it the server's tracking of this connection. */
    void endTrackingSession() {
        TrackingSession current = trackingSession;
        trackingSession = null;
        if (current != null) {
            current.end();
            settings.tracking().onSessionEnded(current);
        }
    }
}
