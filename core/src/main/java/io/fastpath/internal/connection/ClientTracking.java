package io.fastpath.internal.connection;

import io.fastpath.command.Reply;
import io.netty.channel.EventLoop;
import java.util.List;

/**
 * What a connection needs from the client-side cache: the CLIENT TRACKING command for its handshake,
 * and where invalidation pushes and ended tracking sessions go.
 */
public interface ClientTracking {

    /** Sent in every RESP3 handshake, e.g. {@code CLIENT TRACKING ON OPTIN}. */
    List<String> trackingCommand();

    /** Event loop of {@code connection}: an {@code invalidate} push, in wire order with the replies around it. */
    void onInvalidation(Connection connection, Reply.PushReply push);

    /** The heartbeat of {@code eventLoop}, shared by every tracking connection on it (see {@link TrackingSession#heartbeat()}). */
    LoopHeartbeat heartbeatOf(EventLoop eventLoop);

    /** Any thread: every entry {@code session} filled is now dead; its memory may be reclaimed. */
    void onSessionEnded(TrackingSession session);
}
