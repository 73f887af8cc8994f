package io.fastpath.internal.connection;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisProtocolException;
import io.fastpath.command.Reply;
import io.fastpath.internal.command.UnexpectedReplyException;
import io.fastpath.internal.protocol.RespDecoder;
import io.fastpath.internal.protocol.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * The read side of one channel: decodes replies, has the {@link ReplyFifo} match each to its command, converts it
 * there, and hands the outcome to {@link Completions}. A push frame goes to the push listener; a reply with nothing
 * pending, a reply of the wrong shape or undecodable bytes close the channel, which fails everything pending.
 *
 * <p>Thread ownership: everything here runs on the channel's event loop.
 */
final class ConnectionHandler extends ByteToMessageDecoder {
    /** A reply this large marks the connection congested while it streams in (see Connection#isCongested). */
    static final int LARGE_REPLY_BYTES = 256 * 1024;

    private final Connection connection;
    /** The connection's connect cycle, congestion flag and push router, kept here to save a hop per read. */
    private final ConnectCycle cycle;
    private final Congestion congestion;
    private final PushRouter pushes;
    private final RespDecoder decoder;
    /** Written commands awaiting replies, oldest first; timed-out ones stay as tombstones. */
    private final ReplyFifo fifo;
    private final Completions completions;
    private boolean broken;
    /** The TLS handshake failure was reported with its reason; the same failure arriving as an exception is not. */
    private boolean tlsHandshakeFailed;
    /** The client observes commands: count each reply's bytes (reader index deltas, carried across reads). */
    private final boolean observing;
    /** Observing only: bytes of the reply being decoded that earlier decode calls consumed, and the current reply's total. */
    private int carriedReplyBytes;
    private int replyBytes;

    ConnectionHandler(Connection connection, RespLimits limits) {
        this.connection = connection;
        this.cycle = connection.cycle;
        this.congestion = connection.congestion;
        this.pushes = connection.pushes;
        this.decoder = new RespDecoder(limits);
        this.fifo = new ReplyFifo(connection.queue());
        this.completions = new Completions(connection.settings().completionExecutor());
        this.observing = connection.settings().observer() != null;
    }

    ReplyFifo fifo() {
        return fifo;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        super.channelActive(ctx);
        if (!connection.usesTls()) {
            cycle.onChannelActive(ctx.channel(), this);
        } // with TLS, the Redis handshake starts once the TLS one succeeded (userEventTriggered)
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof SslHandshakeCompletionEvent tls) {
            if (tls.isSuccess()) {
                cycle.onChannelActive(ctx.channel(), this);
            } else {
                broken = true;
                tlsHandshakeFailed = true;
                cycle.onTlsHandshakeFailed(ctx.channel(), tls.cause());
            }
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        cycle.onRead();
        super.channelRead(ctx, message);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> unused) {
        if (broken) { // bytes after a protocol violation mean nothing: discard them
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            Reply reply;
            int mark = in.readerIndex();
            while ((reply = decoder.decode(in)) != null) {
                if (observing) {
                    int consumed = in.readerIndex();
                    replyBytes = carriedReplyBytes + consumed - mark;
                    carriedReplyBytes = 0;
                    mark = consumed;
                }
                onReply(reply);
            }
            if (observing) {
                carriedReplyBytes += in.readerIndex() - mark; // a reply still arriving: counted when it ends
            }
            congestion.receivingLargeReply(decoder.pendingBulkLength() >= LARGE_REPLY_BYTES);
        } catch (RedisProtocolException | UnexpectedReplyException violation) {
            broken = true;
            in.skipBytes(in.readableBytes());
            RedisProtocolException cause = violation instanceof RedisProtocolException protocol ? protocol
                    : new RedisProtocolException(connection.endpoint() + ": " + violation.getMessage());
            cycle.recordFailure(cause);
            ctx.close();
        }
    }

    private void onReply(Reply reply) {
        if (reply instanceof Reply.PushReply push) {
            pushes.route(push);
            return;
        }
        CommandFuture<?> command = fifo.match(reply, connection.endpoint());
        if (command.isDone()) {
            command.settle();
            return; // tombstone: the caller timed out or cancelled; this late reply is dropped
        }
        if (command.observer != null) {
            command.observeReply(replyBytes, cycle.lastReadNanos); // the read that brought it in
        }
        try {
            ErrorInterceptor interceptor = command.errorInterceptor();
            if (interceptor != null && reply instanceof Reply.ErrorReply error && interceptor.intercept(command, error, connection)) {
                return; // redirected or retried: the command is on its way again, this reply was its own
            }
            WireGroup group = command.wire;
            ReplyHook hook = group == null ? null : group.replyHook;
            if (hook != null) {
                hook.onReply(connection, reply); // before the next reply or push is decoded: wire order
            }
            command.prepare(reply);
        } catch (UnexpectedReplyException wrongShape) {
            RedisProtocolException cause = new RedisProtocolException(connection.endpoint() + ": " + wrongShape.getMessage());
            command.completeExceptionally(new RedisOutcomeUnknownException(connection.endpoint().toString(),
                    "its reply had an unexpected shape, so the connection was closed", cause));
            throw wrongShape;
        } catch (RuntimeException failed) {
            // The reply was read whole and matched to this command, so the FIFO is still aligned: only this
            // command fails (a throwing codec, converter, redirect handler or cache store) and the connection stays.
            command.completeExceptionally(ReplyHandlingFailure.of(connection.endpoint(), command, failed));
            return;
        } catch (Error fatal) {
            // Nothing about this channel can be trusted after an Error: this command fails, and the rethrow closes the channel.
            command.completeExceptionally(new RedisOutcomeUnknownException(connection.endpoint().toString(),
                    "handling its reply failed with " + fatal + ", so the connection was closed", fatal));
            throw fatal;
        }
        completions.complete(command);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        completions.flush();
        super.channelReadComplete(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        try {
            super.channelInactive(ctx);
        } finally {
            completions.flush();
            cycle.onChannelInactive(this);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        congestion.writable(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (tlsHandshakeFailed) {
            ctx.close();
            return;
        }
        if (cause instanceof DecoderException && cause.getCause() instanceof SSLException tls) {
            // E.g. the server refusing the client certificate after a TLS 1.3 handshake: name it as TLS.
            cycle.recordFailure(new RedisConnectionException(connection.endpoint().toString(),
                    "TLS failed: " + tls.getMessage(), tls));
        } else {
            cycle.recordFailure(cause);
        }
        ctx.close();
    }
}
