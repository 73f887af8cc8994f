package io.fastpath.internal.connection;

import io.fastpath.command.Reply;
import io.fastpath.internal.command.CommandSpec;
import java.util.function.BiConsumer;

/**
 * What a few commands carry beyond their own words, created only for them: the commands written with it in the same
 * buffer (a cache fill's preamble and PTTL postamble, Sentinel's WAIT, ASKING after an ASK redirect, an EXEC's MULTI
 * block), the hooks that see replies in wire order, the answered-by-push mark of a subscription command, and the
 * redirect and retry counts. A plain command has none, so
 * it costs the writer one null check.
 *
 * <p>Thread ownership: filled by the caller before the first send (which publishes it), or by the thread handling a
 * redirect or retry before the re-send; read by the event loop that writes and answers the command.
 */
final class WireGroup {
    /**
     * Commands written right before this one, in the same buffer, their replies consumed by internal FIFO
     * entries (a cache fill's CLIENT CACHING YES before its read).
     */
    byte[][][] preamble;
    /**
     * A command written right after this one, in the same buffer and on the same connection (Sentinel's WAIT
     * after a write, which only covers the writes of its own connection); its reply, or the failure of its
     * FIFO entry, goes to {@link #postambleReply}. Written again after this command whenever it is re-sent.
     */
    CommandSpec<Reply> postamble;
    BiConsumer<Reply, Throwable> postambleReply;
    /** Sees the postamble's reply on the event loop, in wire order, before it completes (a cache fill's PTTL). */
    ReplyHook postambleHook;
    /** Sees this command's reply on the event loop, in wire order, before it completes (a cache fill). */
    ReplyHook replyHook;
    /** Set by a redirect before a re-send: the next write puts ASKING in front of this command, back to back. */
    volatile boolean asking;
    /** MULTI and these commands go out in front of this command (an EXEC). */
    TransactionGroup transaction;
    /**
     * The server answers this command with push frames only (RESP3 SUBSCRIBE and its kin) or with an error reply.
     * Its FIFO entry takes an error; any other reply belongs to a later command.
     */
    boolean answeredByPush;
    /** Redirects followed and retries made so far; only the thread handling the latest reply touches them. */
    int redirects;
    int retries;
}
