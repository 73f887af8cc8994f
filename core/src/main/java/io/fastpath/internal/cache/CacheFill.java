package io.fastpath.internal.cache;

import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.TrackingSession;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * One read sent to fill the cache, shared by every caller that missed on it meanwhile (R5).
 *
 * <p>On the wire, one contiguous group (R2): {@code CLIENT CACHING YES} (OPTIN mode only), the read, {@code PTTL key}.
 * The server tracks the key from the read on, so any change to it after the read sends this connection an
 * invalidation, in its ordered stream. The read's reply is noted ({@link #onReadReply}) and stored when the PTTL reply
 * is matched ({@link #onPttlReply}), on the event loop before the next frame is decoded (R1), unless an invalidation
 * of the key, or the end of the connection's tracking session, was decoded between the two replies: then the key
 * changed after the read, and the PTTL may describe the new value. An invalidation decoded before the read's reply
 * came from a write the read already saw; one decoded after the PTTL reply removes the stored entry. This replaced
 * {@code MULTI, read, PTTL, EXEC}, which read both atomically at the price of two more commands per miss (benchmark
 * scenario g, 0% hot).
 */
final class CacheFill {
    /** The OPTIN preamble, shared by every fill: the writer only reads it. */
    private static final byte[][][] CACHING_YES = {CommandSpec.words("CLIENT", "CACHING", "YES").args()};
    private static final byte[] PTTL = "PTTL".getBytes(StandardCharsets.US_ASCII);

    private final ClientSideCache cache;
    final CacheKey key;
    final byte[][] readArgs;
    /** The key's own-write stamp when the fill was started; a different one at store time means a write of ours overtook it. */
    final long stamp;
    private final String name;
    /** The timeout its deadline came from (the client's or a withTimeout view's): only readers with the same one join. */
    final long timeoutNanos;
    private final long deadlineNanos;
    /** The read's reply (or its server error as an ErrorReply); completes on an I/O thread, after the store. */
    final CompletableFuture<Reply> result = new CompletableFuture<>();
    /** The read's reply as its connection's event loop matched it; read by whichever thread completes {@link #result}. */
    private volatile ReadReply readReply;
    /** Set when the PTTL entry ended, answered or failed; with {@link #readReply} it decides who completes the readers. */
    private volatile boolean pttlDone;

    CacheFill(ClientSideCache cache, CacheKey key, byte[][] readArgs, String name, long stamp, long timeoutNanos,
              long deadlineNanos) {
        this.cache = cache;
        this.key = key;
        this.readArgs = readArgs;
        this.name = name;
        this.stamp = stamp;
        this.timeoutNanos = timeoutNanos;
        this.deadlineNanos = deadlineNanos;
    }

    /** Any thread: sends the group; {@link #result} completes with the read's reply once its PTTL reply was handled. */
    void send(FillRoute route, boolean optIn) {
        // Not read-only, so a cluster never routes it to a replica; completes on the I/O thread that read it.
        CommandSpec<Reply> read = new CommandSpec<>(name, readArgs, Converters.REPLY, key.bytes, false);
        CommandFuture<Reply> future = new CommandFuture<>(read, true, deadlineNanos)
                .replyHook(this::onReadReply)
                .postamble(new CommandSpec<>("PTTL", new byte[][] {PTTL, key.bytes}, Converters.REPLY, null, false),
                        this::onPttlReply, (pttl, failure) -> onPttlDone());
        if (optIn) {
            future.preamble(CACHING_YES);
        }
        future.whenComplete((reply, failure) -> {
            ReadReply noted = readReply;
            if (failure != null) {
                if (noted != null && failure instanceof RedisServerException) {
                    result.complete(noted.value); // a server error (WRONGTYPE...): handed on as an ErrorReply, as MGET needs
                } else {
                    result.completeExceptionally(failure); // unanswered (timeout, not sent, lost), or out of redirects
                }
            } else if (noted == null || pttlDone) {
                // A PTTL entry already ended (its deadline passed first, or it was an earlier attempt's before a
                // redirect), or no hook saw the reply (a route without a connection): complete the readers now; a
                // store, if the current attempt's PTTL reply still comes, follows on its own.
                result.complete(noted == null ? reply : noted.value);
            } // otherwise the PTTL's reply completes the result, after the store
        });
        route.send(future);
    }

    /** Event loop, in wire order: notes the read's reply with what could make it stale before the PTTL reply. */
    private void onReadReply(Connection connection, Reply reply) {
        readReply = new ReadReply(reply, connection, connection.trackingSession(), cache.invalidationStamp(key));
    }

    /**
     * Event loop, in wire order: stores the noted read unless it was an error (R8: errors are never cached), the PTTL was
     * refused (an ASK redirect's group), or the key changed since the read (see the class comment).
     */
    private void onPttlReply(Connection connection, Reply reply) {
        ReadReply noted = readReply;
        if (noted == null || noted.connection != connection || !(reply instanceof Reply.IntegerReply pttl)
                || noted.value instanceof Reply.ErrorReply) {
            return; // the read was redirected (this PTTL belongs to an earlier attempt) or is not cacheable
        }
        TrackingSession session = connection.trackingSession();
        if (session != noted.session || cache.invalidationStamp(key) != noted.invalidationStamp) {
            return; // an invalidation (or a FLUSHALL's renewal) came between the read's reply and this one
        }
        cache.store(connection, this, noted.value, pttl.value());
    }

    /** The PTTL entry completed (answered or failed): the readers get the read's reply, if it came. */
    private void onPttlDone() {
        pttlDone = true; // before reading the note: the read's completion checks them the other way round
        ReadReply noted = readReply;
        if (noted != null) {
            result.complete(noted.value);
        }
    }

    /** The read's reply, the connection and tracking session it came on, and the key's invalidation stamp at that moment. */
    private record ReadReply(Reply value, Connection connection, TrackingSession session, long invalidationStamp) {}
}
