package io.fastpath.internal.connection;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisEvent;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The connect, handshake and reconnect cycle of one {@link Connection}: opens a channel, runs the {@link Handshake} on
 * it, makes the connection ready (what waited is written first), and after a failed attempt or a lost channel records
 * why, settles the channel's written commands (the {@link WaitingRoom} keeps those that may be replayed) and connects
 * again with backoff. It owns the current channel and what belongs to it: handler, writer, liveness check.
 *
 * <p>Thread ownership: the connection's event loop; the volatile fields are read by any thread (routing, gauges,
 * messages), the listener and extension are set before the connection starts.
 */
final class ConnectCycle {
    enum State {
        CONNECTING, HANDSHAKING, READY, DISCONNECTED, CLOSED;

        /** The name {@code ObservedConnection#state()} reports, made once. */
        final String label = name().toLowerCase(java.util.Locale.ROOT);
    }

    private final Connection connection;
    private final ConnectionSettings settings;
    private final Endpoint endpoint;
    private final Bootstrap bootstrap;
    /** Completes when the first handshake finished; fails when the first attempts did. */
    final CompletableFuture<Void> firstReady = new CompletableFuture<>();

    // Any thread.
    volatile long lastReadNanos = System.nanoTime();
    volatile int reconnectAttempts;
    /** The HELLO reply's mode (standalone, cluster, sentinel) from the latest handshake; null on RESP2. */
    volatile String serverMode;
    /** The server's availability zone from the latest handshake that asked (ServerZone); null when unknown or none. */
    volatile String serverZone;
    volatile boolean resp3Negotiated;
    /** Runs at the end of every handshake, before the connection is ready (pub/sub resubscription); null for none. */
    volatile HandshakeExtension handshakeExtension;
    /** Told when a connection is lost or a connect attempt fails (cluster topology refresh trigger). */
    volatile Runnable disconnectListener = () -> { };
    /** Written by the event loop on handshake and disconnect; read by routing to prefer live replicas. */
    volatile boolean ready;

    // Event loop only.
    State state = State.CONNECTING;
    Channel channel;
    /** The current channel's handler (decode, the reply FIFO); null while there is no channel. */
    ConnectionHandler handler;
    /** The current channel's encoder and writer; null while there is no channel. */
    CommandWriter writer;
    Throwable lastFailure;
    private LivenessCheck liveness;
    /** Counts channels; each written command records it, so a WATCHed transaction can insist on WATCH's channel. */
    private int channelGeneration;

    private final ChannelFutureListener closeOnWriteFailure = future -> {
        if (!future.isSuccess()) {
            // Part of the buffer may have reached the server: the FIFO can no longer be trusted.
            recordFailure(future.cause());
            future.channel().close();
        }
    };

    ConnectCycle(Connection connection, ConnectionSettings settings, EventLoop eventLoop, Class<? extends SocketChannel> channelType) {
        this.connection = connection;
        this.settings = settings;
        this.endpoint = connection.endpoint();
        this.bootstrap = Transport.bootstrap(eventLoop, channelType, settings, endpoint,
                () -> new ConnectionHandler(connection, settings.replyLimits()));
    }

    void connect() {
        if (connection.closing) {
            return;
        }
        state = State.CONNECTING;
        ChannelFuture connectFuture = bootstrap.connect(endpoint.host(), endpoint.port());
        connectFuture.addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                onConnectFailed(future.cause());
            }
        });
    }

    /** Called by the handler when the TCP connection is up. */
    void onChannelActive(Channel activeChannel, ConnectionHandler activeHandler) {
        if (connection.closing) {
            activeChannel.close();
            return;
        }
        channel = activeChannel;
        handler = activeHandler;
        channelGeneration++;
        writer = new CommandWriter(connection, activeChannel, activeHandler.fifo(), connection.queue(), connection.deadlines,
                channelGeneration, closeOnWriteFailure);
        state = State.HANDSHAKING;
        lastReadNanos = System.nanoTime();
        liveness = new LivenessCheck(connection, activeChannel, activeHandler.fifo(), settings.pingInterval().toNanos(),
                settings.responseTimeout().toNanos());
        new Handshake(connection, settings).start();
    }

    /** Event loop: handshake and liveness commands bypass the queue and go out before any user command. */
    void writeInternal(CommandFuture<?> command) {
        writer.writeInternal(command);
    }

    void onRead() {
        lastReadNanos = System.nanoTime();
    }

    /** Called by {@link Handshake} once HELLO/AUTH/SELECT/SETNAME have been answered. */
    void onHandshakeDone(boolean negotiatedResp3) {
        resp3Negotiated = negotiatedResp3;
        state = State.READY;
        ready = true;
        reconnectAttempts = 0;
        lastFailure = null;
        if (negotiatedResp3 && settings.tracking() != null) {
            connection.pushes.startTrackingSession(); // CLIENT TRACKING was part of this handshake
        }
        firstReady.complete(null);
        settings.events().publish(new RedisEvent.Connected(endpoint.toString()));
        if (!connection.waitingRoom.isHeld()) {
            connection.writeWaitingThenDrain();
        }
    }

    /** Called by {@link Handshake} when the server refused it (bad password, bad database...). */
    void onHandshakeFailed(Throwable cause) {
        recordFailure(cause);
        if (channel != null) {
            channel.close();
        }
    }

    /** Called by the handler when the TLS handshake failed: like a failed connect, retried with backoff. */
    void onTlsHandshakeFailed(Channel failedChannel, Throwable cause) {
        failedChannel.close();
        String notTls = FailureText.notSpeakingTls(cause, settings.connectTimeout().toMillis());
        if (notTls != null) {
            RedisConnectionException failure = new RedisConnectionException(endpoint.toString(), notTls, cause);
            // Retrying will not make a plain server speak TLS: the first connect fails now, not after a second
            // connectTimeout (a lazy or established client keeps retrying, in case TLS is being switched on).
            firstReady.completeExceptionally(failure);
            onConnectFailed(failure);
            return;
        }
        String mismatch = FailureText.hostnameMismatch(cause, endpoint.host());
        String reason = mismatch != null ? mismatch : cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        onConnectFailed(new RedisConnectionException(endpoint.toString(), "TLS handshake failed: " + reason, cause));
    }

    private void onConnectFailed(Throwable cause) {
        recordFailure(cause);
        state = State.DISCONNECTED;
        disconnectListener.run();
        scheduleReconnect();
    }

    void recordFailure(Throwable cause) {
        lastFailure = cause;
    }

    /** Called by the handler when the channel closed, for whatever reason. */
    void onChannelInactive(ConnectionHandler inactiveHandler) {
        if (inactiveHandler != handler) {
            return;
        }
        Throwable cause = lastFailure;
        String closeReason = connection.closeReason;
        String reason = (connection.closing && closeReason != null ? closeReason
                : cause == null ? "the connection was closed" : "the connection failed (" + FailureText.describe(cause) + ")")
                + "; commands awaiting replies: " + inactiveHandler.fifo().size() + "; last read "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastReadNanos) + " ms ago";
        connection.waitingRoom.takeBackFromLostChannel(inactiveHandler.fifo(), reason, cause);
        if (liveness != null) {
            liveness.stop();
            liveness = null;
        }
        connection.pushes.endTrackingSession(); // invalidations may have been lost with the socket
        channel = null;
        handler = null;
        writer = null;
        ready = false;
        connection.congestion.receivingLargeReply(false);
        connection.congestion.writable(true);
        if (connection.closing) {
            state = State.CLOSED;
            connection.waitingRoom.failAll("the client is closed", null);
            return;
        }
        state = State.DISCONNECTED;
        settings.events().publish(new RedisEvent.Disconnected(endpoint.toString(), reason));
        disconnectListener.run();
        scheduleReconnect(); // also during the first connect: start() reports the failure, retries go on
    }

    private void scheduleReconnect() {
        if (connection.closing) {
            return;
        }
        int attempt = reconnectAttempts++;
        long delay = settings.reconnectBackoff().delayNanos(attempt);
        CommandObserver observer = settings.observer();
        if (observer != null) {
            observer.reconnectScheduled(connection, attempt + 1);
        }
        if (settings.events().enabled()) {
            settings.events().publish(new RedisEvent.ReconnectAttempt(endpoint.toString(), attempt + 1,
                    Duration.ofNanos(delay), FailureText.describe(lastFailure)));
        }
        if (!firstReady.isDone() && attempt >= 1) {
            firstReady.completeExceptionally(new RedisConnectionException(endpoint.toString(),
                    "cannot connect: " + FailureText.describe(lastFailure), lastFailure));
        }
        connection.eventLoop().schedule(this::connect, delay, TimeUnit.NANOSECONDS);
    }
}
