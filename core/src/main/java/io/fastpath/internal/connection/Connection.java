package io.fastpath.internal.connection;

import io.fastpath.ObservedConnection;
import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisConnectionException;
import io.fastpath.RedisEvent;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisOutcomeUnknownException;
import io.fastpath.RedisProtocolException;
import io.fastpath.RedisTimeoutException;
import io.fastpath.Reply;
import io.fastpath.internal.command.BlockTime;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.Converters;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One multiplexed, auto-pipelined connection to one server, pinned to one event loop, reconnecting in
 * the background.
 *
 * <p>The path of a command, one class per job: {@link #send} (any thread) hands it to the {@link CommandQueue}, which
 * schedules at most one drain task; {@link #drain} (event loop) gives everything queued to the {@link CommandWriter},
 * which encodes it into one array, appends each command to the channel's {@link ReplyFifo} and writes the array with
 * one flush. No timer delays a flush, so a lone caller on an idle connection is written at once. Replies come back
 * through {@link ConnectionHandler} (decode), the {@link ReplyFifo} (match) and {@link Completions} (complete).
 * This class keeps the rest: connecting, the handshake, reconnecting, the waiting room of never-written commands,
 * deadlines, Sentinel's hold and hand-over, and replay after a lost channel.
 */
public final class Connection implements ObservedConnection {
    private static final int MAX_COMMANDS_PER_DRAIN = 4096;
    private static final CommandSpec<Reply> PING_SPEC = new CommandSpec<>("PING",
            new byte[][] {"PING".getBytes(StandardCharsets.US_ASCII)}, Converters.REPLY, null, false);

    enum State {
        CONNECTING, HANDSHAKING, READY, DISCONNECTED, CLOSED;

        /** The name {@link ObservedConnection#state()} reports, made once. */
        final String label = name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Numbers connections for {@link #id()}. */
    private static final AtomicInteger IDS = new AtomicInteger();

    // Immutable.
    private final Endpoint endpoint;
    private final ConnectionSettings settings;
    private final EventLoop eventLoop;
    private final Bootstrap bootstrap;
    private final CompletableFuture<Void> firstReady = new CompletableFuture<>();
    /** The client's command observer (listener, slow-command log), or null: then nothing is observed. */
    private final CommandObserver observer;
    private final String node;
    private final int id = IDS.incrementAndGet();
    /** 0 before start, 1 once the observer was told it opened, 2 once told it closed (so each is told once). */
    private final AtomicInteger observedLife = new AtomicInteger();

    // Any thread.
    /** Callers' commands on their way to the event loop, and the count of commands accepted and not yet answered. */
    private final CommandQueue queue;
    private volatile boolean closing;
    /** Why {@link #close(long, String)} closed it, for the commands still awaiting replies; null for a plain close. Written before {@link #closing}. */
    private volatile String closeReason;
    private volatile long lastReadNanos = System.nanoTime();
    private volatile int reconnectAttempts;
    private volatile Consumer<Reply.PushReply> pushListener = push -> { };
    /** Set with a push listener (a subscriber connection); a pub/sub push anywhere else is a protocol violation. */
    private volatile boolean receivesPubSub;
    /** The HELLO reply's mode (standalone, cluster, sentinel) from the latest handshake; null on RESP2. */
    private volatile String serverMode;
    /** The server's availability zone from the latest handshake that asked (ServerZone); null when unknown or none. */
    private volatile String serverZone;
    private volatile boolean resp3Negotiated;
    /** Set once by {@link #retire}: receives never-written commands instead of failing them. */
    private volatile Consumer<CommandFuture<?>> unsentHandOff;
    /** Runs at the end of every handshake, before the connection is ready (pub/sub resubscription); null for none. */
    private volatile HandshakeExtension handshakeExtension;
    /** Told when a connection is lost or a connect attempt fails (cluster topology refresh trigger). */
    private volatile Runnable disconnectListener = () -> { };
    /** Written by the event loop, read by callers choosing a connection; see {@link #isCongested()}. */
    private volatile boolean congested;
    /** Written by the event loop on handshake and disconnect; read by routing to prefer live replicas. */
    private volatile boolean ready;
    /** Client-side cache: this connection's entries live while it is alive; null while tracking is off. */
    private volatile TrackingSession trackingSession;
    /**
     * Set by {@link #hold()} (Sentinel: a failover was announced): commands wait unwritten, in order, until
     * {@link #resume()} or {@link #handOver}. Written by any thread, cleared on the event loop; drains read it.
     */
    private volatile boolean holding;

    // Event loop only.
    private boolean receivingLargeReply;
    private boolean writable = true;
    private State state = State.CONNECTING;
    private Channel channel;
    private ConnectionHandler handler;
    /** The current channel's encoder and writer; null while there is no channel. */
    private CommandWriter writer;
    /** Never-sent commands held while the connection is not ready, in arrival order. */
    private final ArrayDeque<CommandFuture<?>> waiting = new ArrayDeque<>();
    private final DeadlineTimer deadlines;
    private Throwable lastFailure;
    private boolean resp3;
    private LivenessCheck liveness;
    /** Counts channels; each written command records it, so a WATCHed transaction can insist on WATCH's channel. */
    private int channelGeneration;
    /** Set once {@link #close} or {@link #handOver} took every queued command, in order (after {@link #closing}). */
    private boolean unsentCollected;

    public Connection(Endpoint endpoint, ConnectionSettings settings, EventLoop eventLoop, Class<? extends SocketChannel> channelType) {
        this.endpoint = endpoint;
        this.settings = settings;
        this.eventLoop = eventLoop;
        this.observer = settings.observer();
        this.node = endpoint.toString();
        this.queue = new CommandQueue(eventLoop, this::drain, settings.maxInFlight());
        this.deadlines = new DeadlineTimer(eventLoop, this::expireDeadlines);
        this.bootstrap = new Bootstrap()
                .group(eventLoop)
                .channel(channelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (settings.tls() != null) {
                            ch.pipeline().addLast(settings.tls().newHandler(ch.alloc(), endpoint, settings.connectTimeout().toMillis()));
                        }
                        ch.pipeline().addLast(new ConnectionHandler(Connection.this, settings.limits()));
                    }
                });
        if (settings.responseTimeout().toMillis() > 0) {
            // Unacknowledged bytes for this long mean the peer is gone (no FIN/RST, e.g. a dead host).
            Transport.tcpUserTimeout(bootstrap, channelType, (int) Math.min(Integer.MAX_VALUE, settings.responseTimeout().toMillis()));
        }
    }

    /** Starts the first connect; the returned future completes when the handshake has finished. */
    public CompletableFuture<Void> start() {
        if (observer != null && observedLife.compareAndSet(0, 1)) {
            observer.connectionOpened(this);
        }
        eventLoop.execute(this::connect);
        return firstReady;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public EventLoop eventLoop() {
        return eventLoop;
    }

    /** Makes this a subscriber connection: pub/sub pushes go to {@code listener}. Set before {@link #start}. */
    public void pushListener(Consumer<Reply.PushReply> listener) {
        this.pushListener = listener;
        this.receivesPubSub = true;
    }

    /** Set before {@link #start}: commands every handshake runs after the built-in ones, before any queued command. */
    public void handshakeExtension(HandshakeExtension extension) {
        this.handshakeExtension = extension;
    }

    HandshakeExtension handshakeExtension() {
        return handshakeExtension;
    }

    public void disconnectListener(Runnable listener) {
        this.disconnectListener = listener;
    }

    /** What the server said it is in its HELLO reply: standalone, cluster or sentinel; null when it had no HELLO. */
    public String serverMode() {
        return serverMode;
    }

    /** True when the latest handshake negotiated RESP3 (the server has HELLO). */
    public boolean negotiatedResp3() {
        return resp3Negotiated;
    }

    void serverMode(String mode) {
        serverMode = mode;
    }

    /** True when the client is hosted on a framework's event loops and routes by the calling loop (NodeConnections). */
    public boolean routesByCallingLoop() {
        return settings.routeByCallingLoop();
    }

    /** True once a handshake has completed and until the connection is lost (any thread, approximate). */
    public boolean isReady() {
        return ready;
    }

    /** Queues a command from any thread; it is written by the next drain on the event loop. */
    public void send(CommandFuture<?> command) {
        TransactionGroup block = command.transaction();
        long maxArgument = settings.maxArgumentBytes();
        byte limitBits = CommandSpec.bits(maxArgument);
        if (command.spec.argumentBits() >= limitBits && command.spec.largestArgument() > maxArgument
                || block != null && block.argumentBits() >= limitBits && block.largestArgument() > maxArgument) {
            // Refused here, before it is queued: written, the server would close the connection, failing every caller's commands on it.
            command.completeExceptionally(ArgumentLimit.refusal(command.spec, block, settings.maxArgumentBytes()));
            return;
        }
        if (observer != null) {
            command.observeStart(observer, this); // the observation starts here, on the caller's thread
        }
        if (closing) {
            Consumer<CommandFuture<?>> handOff = unsentHandOff;
            if (handOff != null) {
                handOff.accept(command); // routed with a table from before this node left: send it elsewhere
                return;
            }
            command.completeExceptionally(new RedisNotSentException(endpoint.toString(), "the client is closed", null));
            return;
        }
        if (!queue.offer(command)) {
            command.completeExceptionally(new RedisBackpressureException(endpoint + ": " + queue.maxInFlight()
                    + " commands are already in flight on this connection (maxInFlightPerConnection); "
                    + "await earlier replies or raise the limit"));
        }
    }

    /** Event loop: writes everything queued with one flush, or parks it in {@link #waiting} while not ready. */
    private void drain() {
        queue.drainStarted();
        if (closing && unsentHandOff != null) {
            // Handed over or retired: nothing more is written to this server. Until the hand-over (or close) task has
            // taken what was queued, in order, it is left to it; a command that raced in after that is handed off here.
            // (A plain close still writes what was sent before it: those commands get the close grace.)
            if (unsentCollected) {
                failWaiting("the client is closed", null);
            }
            return;
        }
        if (state != State.READY || holding) {
            holdWhileNotReady();
            return;
        }
        if (observer != null) {
            writer.startObservedDrain();
        }
        int drained = 0;
        CommandFuture<?> command;
        while (drained < MAX_COMMANDS_PER_DRAIN && (command = queue.poll()) != null) {
            drained++;
            if (command.isDone()) { // the caller gave up before it was written: nothing to read back
                queue.answered();
                continue;
            }
            writer.add(command);
        }
        if (drained > 0) {
            writer.flushToSocket();
        }
        queue.drainRestLater(); // yield to reads between large drains
    }

    private void holdWhileNotReady() {
        CommandFuture<?> command;
        while ((command = queue.poll()) != null) {
            if (command.isDone()) {
                queue.answered();
            } else if (waiting.size() >= settings.maxQueuedWhileDisconnected()) {
                queue.answered();
                command.completeExceptionally(new RedisNotSentException(endpoint.toString(),
                        "the connection is " + (state == State.READY ? "held during a failover" : state.name().toLowerCase())
                                + " and " + waiting.size() + " commands are already waiting for it (maxQueuedWhileDisconnected)",
                        lastFailure));
            } else {
                waiting.add(command);
                deadlines.arm(command.deadlineNanos);
            }
        }
    }

    /** Event loop: handshake commands bypass the queue and go out before any user command. */
    void writeInternal(CommandFuture<?> command) {
        writer.writeInternal(command);
    }

    private final ChannelFutureListener closeOnWriteFailure = future -> {
        if (!future.isSuccess()) {
            // Part of the buffer may have reached the server: the FIFO can no longer be trusted.
            recordFailure(future.cause());
            future.channel().close();
        }
    };

    // ---- lifecycle (event loop) ----

    private void connect() {
        if (closing) {
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
        if (closing) {
            activeChannel.close();
            return;
        }
        channel = activeChannel;
        handler = activeHandler;
        channelGeneration++;
        writer = new CommandWriter(this, activeChannel, activeHandler.fifo(), queue, deadlines, channelGeneration,
                closeOnWriteFailure);
        state = State.HANDSHAKING;
        lastReadNanos = System.nanoTime();
        liveness = new LivenessCheck(this, activeChannel, settings.pingInterval().toNanos(), settings.responseTimeout().toNanos());
        new Handshake(this, settings).start();
    }

    /** Called by {@link Handshake} once HELLO/AUTH/SELECT/SETNAME have been answered. */
    void onHandshakeDone(boolean negotiatedResp3) {
        resp3 = negotiatedResp3;
        resp3Negotiated = negotiatedResp3;
        state = State.READY;
        ready = true;
        reconnectAttempts = 0;
        lastFailure = null;
        if (negotiatedResp3 && settings.tracking() != null) {
            trackingSession = newTrackingSession(); // CLIENT TRACKING was part of this handshake
        }
        firstReady.complete(null);
        settings.events().publish(new RedisEvent.Connected(endpoint.toString()));
        if (!holding) {
            writeWaitingThenDrain();
        }
    }

    /** Event loop, ready: commands that waited for the connection keep their arrival order ahead of newer ones. */
    private void writeWaitingThenDrain() {
        ArrayDeque<CommandFuture<?>> held = new ArrayDeque<>(waiting);
        waiting.clear();
        if (observer != null) {
            writer.startObservedDrain();
        }
        boolean wrote = false;
        for (CommandFuture<?> command : held) {
            if (command.isDone()) {
                queue.answered();
                continue;
            }
            writer.add(command);
            wrote = true;
        }
        if (wrote) {
            writer.flushToSocket();
        }
        drain();
    }

    // ---- failover hold and hand-over (Sentinel) ----

    /**
     * Any thread: from the next drain on, commands wait here unwritten, in arrival order, within their
     * deadline (then they fail not-sent), until {@link #resume()} writes them or {@link #handOver} moves them.
     * Commands already written are unaffected. Used while a Sentinel announces a failover of this server.
     */
    public void hold() {
        holding = true;
    }

    /** Any thread: ends {@link #hold()}; what waited is written, in order, ahead of newer commands. */
    public void resume() {
        eventLoop.execute(() -> {
            if (!holding) {
                return;
            }
            holding = false;
            if (state == State.READY && !closing) {
                writeWaitingThenDrain();
            }
        });
    }

    /** True between {@link #hold()} and {@link #resume()} (any thread, approximate). */
    public boolean isHeld() {
        return holding;
    }

    /**
     * Any thread: this connection's server is no longer the one to write to (Sentinel switched the primary).
     * Stops accepting commands (later ones go straight to {@code next}), moves every command not written
     * here (held, queued, or a read waiting for its replay) in order to the front of {@code next}'s queue,
     * and closes once the written ones are answered or {@code graceNanos} passed. The returned future
     * completes once the move is done, so {@code next} (held until then) can keep the callers' order:
     * everything sent before the switch goes out ahead of everything sent after it.
     */
    public CompletableFuture<Void> handOver(Connection next, long graceNanos) {
        unsentHandOff = next::send;
        closing = true;
        CompletableFuture<Void> moved = new CompletableFuture<>();
        eventLoop.execute(() -> {
            ArrayDeque<CommandFuture<?>> unsent = new ArrayDeque<>();
            CommandFuture<?> command;
            while ((command = waiting.poll()) != null || (command = queue.poll()) != null) {
                queue.answered();
                if (!command.isDone()) {
                    unsent.add(command);
                }
            }
            unsentCollected = true;
            next.adopt(unsent, moved);
            awaitQuiet(System.nanoTime() + graceNanos, new CompletableFuture<>());
        });
        return moved;
    }

    /** Any thread: puts {@code unsent} (oldest first) ahead of every command waiting here, then completes {@code done}. */
    private void adopt(ArrayDeque<CommandFuture<?>> unsent, CompletableFuture<Void> done) {
        eventLoop.execute(() -> {
            holdWhileNotReady(); // what arrived meanwhile queues behind the adopted commands
            for (var newestFirst = unsent.descendingIterator(); newestFirst.hasNext(); ) {
                CommandFuture<?> command = newestFirst.next();
                queue.accepted();
                waiting.addFirst(command);
                deadlines.arm(command.deadlineNanos);
            }
            if (closing) {
                failWaiting("the client is closed", null);
            } else if (state == State.READY && !holding) {
                writeWaitingThenDrain();
            }
            done.complete(null);
        });
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
        String notTls = notSpeakingTls(cause);
        if (notTls != null) {
            RedisConnectionException failure = new RedisConnectionException(endpoint.toString(), notTls, cause);
            // Retrying will not make a plain server speak TLS: the first connect fails now, not after a second
            // connectTimeout (a lazy or established client keeps retrying, in case TLS is being switched on).
            firstReady.completeExceptionally(failure);
            onConnectFailed(failure);
            return;
        }
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        onConnectFailed(new RedisConnectionException(endpoint.toString(), "TLS handshake failed: " + reason, cause));
    }

    /** Why a failed TLS handshake means the server does not speak TLS on this port, or null when it may be something else. */
    private String notSpeakingTls(Throwable cause) {
        for (Throwable step = cause; step != null; step = step.getCause()) {
            if (step instanceof io.netty.handler.ssl.SslHandshakeTimeoutException) {
                return "the server did not answer the TLS handshake within connectTimeout (" + settings.connectTimeout().toMillis()
                        + " ms): it may not speak TLS on this port (a plain redis:// server?). Use redis:// for a plain server, "
                        + "or the server's TLS port (tls-port)";
            }
            if (step instanceof io.netty.handler.ssl.NotSslRecordException) {
                return "the server answered the TLS handshake with data that is not TLS: it does not speak TLS on this port "
                        + "(a plain redis:// server?). Use redis:// for a plain server, or the server's TLS port (tls-port)";
            }
        }
        return null;
    }

    /** True when this connection speaks TLS (every connection of a client, or none). */
    public boolean usesTls() {
        return settings.tls() != null;
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
        String reason = (closing && closeReason != null ? closeReason
                : cause == null ? "the connection was closed" : "the connection failed (" + describe(cause) + ")")
                + "; commands awaiting replies: " + inactiveHandler.fifo().size() + "; last read "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastReadNanos) + " ms ago";
        failPending(inactiveHandler, reason, cause);
        if (liveness != null) {
            liveness.stop();
            liveness = null;
        }
        endTrackingSession(); // invalidations may have been lost with the socket
        channel = null;
        handler = null;
        writer = null;
        ready = false;
        receivingLargeReply(false);
        writable(true);
        if (closing) {
            state = State.CLOSED;
            failWaiting("the client is closed", null);
            return;
        }
        state = State.DISCONNECTED;
        settings.events().publish(new RedisEvent.Disconnected(endpoint.toString(), reason));
        disconnectListener.run();
        scheduleReconnect(); // also during the first connect: start() reports the failure, retries go on
    }

    /**
     * Fails every written command of a lost channel as outcome-unknown, except those that may run twice
     * (read-only with retryReads, or marked idempotent): they wait for the next connection, ahead of
     * newer commands, within their deadline. Not after a protocol error, which their reply may have caused.
     */
    private void failPending(ConnectionHandler failedHandler, String reason, Throwable cause) {
        queue.repliesAbandoned();
        boolean replayAllowed = !closing && !(cause instanceof RedisProtocolException);
        long now = System.nanoTime();
        ArrayDeque<CommandFuture<?>> replays = null;
        CommandFuture<?> command;
        while ((command = failedHandler.fifo().poll()) != null) {
            if (command.isDone()) {
                queue.answered();
                continue;
            }
            if (replayAllowed && command.mayReplay(settings.retryReads()) && command.deadlineNanos - now > 0
                    && waiting.size() + (replays == null ? 0 : replays.size()) < settings.maxQueuedWhileDisconnected()) {
                command.prepareReplay();
                if (replays == null) {
                    replays = new ArrayDeque<>();
                }
                replays.add(command);
                deadlines.arm(command.deadlineNanos);
                continue;
            }
            queue.answered();
            command.completeExceptionally(new RedisOutcomeUnknownException(endpoint.toString(), reason, cause));
        }
        if (replays != null) {
            for (var oldestLast = replays.descendingIterator(); oldestLast.hasNext(); ) {
                waiting.addFirst(oldestLast.next());
            }
        }
    }

    private void failWaiting(String reason, Throwable cause) {
        Consumer<CommandFuture<?>> handOff = unsentHandOff;
        CommandFuture<?> command;
        while ((command = waiting.poll()) != null || (command = queue.poll()) != null) {
            queue.answered();
            if (handOff != null && !command.isDone()) {
                handOff.accept(command); // never written (or safe to replay), so sending it elsewhere is safe
            } else if (command.sentBefore()) {
                command.completeExceptionally(new RedisOutcomeUnknownException(endpoint.toString(),
                        "its connection was lost and " + reason + " before it could be sent again", cause));
            } else {
                command.completeExceptionally(new RedisNotSentException(endpoint.toString(), reason, cause));
            }
        }
    }

    private void scheduleReconnect() {
        if (closing) {
            return;
        }
        int attempt = reconnectAttempts++;
        long delay = settings.backoff().delayNanos(attempt);
        if (observer != null) {
            observer.reconnectScheduled(this, attempt + 1);
        }
        if (settings.events().enabled()) {
            settings.events().publish(new RedisEvent.ReconnectAttempt(endpoint.toString(), attempt + 1,
                    Duration.ofNanos(delay), describe(lastFailure)));
        }
        if (!firstReady.isDone() && attempt >= 1) {
            firstReady.completeExceptionally(new RedisConnectionException(endpoint.toString(),
                    "cannot connect: " + describe(lastFailure), lastFailure));
        }
        eventLoop.schedule(this::connect, delay, TimeUnit.NANOSECONDS);
    }

    /**
     * While this connection is not ready, hands every keyed command waiting for it to {@code reroute}
     * (never written here, or safe to replay): used when its node no longer serves slots, so they go to the
     * slot's new owner instead of waiting out their deadline for a node that may not come back. Keyless
     * commands keep waiting. Any thread; runs on the event loop.
     */
    public void rerouteWaiting(Consumer<CommandFuture<?>> reroute) {
        eventLoop.execute(() -> {
            if (state == State.READY || closing) {
                return;
            }
            holdWhileNotReady();
            var iterator = waiting.iterator();
            while (iterator.hasNext()) {
                CommandFuture<?> command = iterator.next();
                if (command.isDone() || command.spec.routingKey() != null) {
                    iterator.remove();
                    queue.answered();
                    if (!command.isDone()) {
                        reroute.accept(command);
                    }
                }
            }
        });
    }

    /**
     * Closes like {@link #close} but hands every command that was never written (held while reconnecting,
     * or sent after this call) to {@code handOff} instead of failing it: used when a cluster node leaves
     * the topology, so its queued commands go to the slot's new owner.
     */
    public CompletableFuture<Void> retire(long graceNanos, Consumer<CommandFuture<?>> handOff) {
        unsentHandOff = handOff;
        return close(graceNanos);
    }

    /**
     * Stops accepting commands, lets the unanswered ones finish for up to {@code graceNanos}, then closes
     * the channel and fails whatever is left. The returned future completes when the channel is closed.
     */
    public CompletableFuture<Void> close(long graceNanos) {
        return close(graceNanos, null);
    }

    /**
     * Like {@link #close(long)}, and a written command still unanswered when the channel closes fails with
     * {@code reason} (the client was closed) instead of the plain "the connection was closed".
     */
    public CompletableFuture<Void> close(long graceNanos, String reason) {
        closeReason = reason;
        closing = true;
        CompletableFuture<Void> closed = new CompletableFuture<>();
        if (observer != null) {
            closed.whenComplete((ignored, failure) -> {
                if (observedLife.compareAndSet(1, 2)) {
                    observer.connectionClosed(this);
                }
            });
        }
        eventLoop.execute(() -> {
            failWaiting("the client is closed", null);
            unsentCollected = true;
            long giveUpAt = System.nanoTime() + graceNanos;
            awaitQuiet(giveUpAt, closed);
        });
        return closed;
    }

    private void awaitQuiet(long giveUpAt, CompletableFuture<Void> closed) {
        if (queue.unanswered() > 0 && channel != null && System.nanoTime() < giveUpAt) {
            eventLoop.schedule(() -> awaitQuiet(giveUpAt, closed), 1, TimeUnit.MILLISECONDS);
            return;
        }
        deadlines.cancel();
        if (channel == null) {
            state = State.CLOSED;
            closed.complete(null);
            return;
        }
        channel.close().addListener(f -> closed.complete(null));
    }

    // ---- deadlines (event loop) ----

    /** Times out every command past its deadline; sent ones stay in the FIFO as tombstones. */
    private void expireDeadlines() {
        long now = System.nanoTime();
        long next = Long.MAX_VALUE;
        if (handler != null) {
            for (CommandFuture<?> command : handler.fifo()) {
                if (command.isDone()) {
                    continue;
                }
                if (command.deadlineNanos - now <= 0) {
                    command.completeExceptionally(new RedisTimeoutException(timeoutMessage(true), true));
                } else {
                    next = Math.min(next, command.deadlineNanos);
                }
            }
        }
        var iterator = waiting.iterator();
        while (iterator.hasNext()) {
            CommandFuture<?> command = iterator.next();
            if (command.isDone()) {
                iterator.remove();
                queue.answered();
            } else if (command.deadlineNanos - now <= 0) {
                iterator.remove();
                queue.answered();
                command.completeExceptionally(command.sentBefore()
                        ? new RedisOutcomeUnknownException(endpoint.toString(), "its connection was lost and it could not be "
                                + "sent again within the command timeout; " + describe(lastFailure), lastFailure)
                        : state == State.READY && holding
                        ? new RedisNotSentException(endpoint.toString(), "it was held while a Sentinel failover of this "
                                + "server was in progress and the failover did not end within the command timeout", null)
                        : state == State.READY
                        ? new RedisTimeoutException(timeoutMessage(false), false)
                        : new RedisNotSentException(endpoint.toString(), notConnectedMessage(), lastFailure));
            } else {
                next = Math.min(next, command.deadlineNanos);
            }
        }
        if (next != Long.MAX_VALUE) {
            deadlines.arm(next);
        }
    }

    private String timeoutMessage(boolean sent) {
        long sinceRead = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastReadNanos);
        long pendingBytes = 0;
        if (channel != null) {
            ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
            pendingBytes = buffer == null ? 0 : buffer.totalPendingWriteBytes();
        }
        String hint = !sent ? "the command never left the client: the connection is busy or reconnecting"
                : sinceRead > 1000 ? "nothing was read for over a second: the server may be blocked, paused or unreachable"
                : "the server is answering other commands: this one may be slow (large value, slow command)";
        return "command timed out on " + endpoint + " (" + (sent ? "sent, awaiting reply" : "queued, never sent")
                + "; in flight: " + queue.unanswered() + "; bytes not yet written: " + pendingBytes
                + "; last read " + sinceRead + " ms ago; reconnect attempts: " + reconnectAttempts
                + "). Hint: " + hint;
    }

    /**
     * True while a large reply streams in or the socket's send buffer is full: commands queued here now
     * would wait behind it. Callers with nothing in flight may then detour to another connection
     * (see NodeConnections); benchmark scenario (d), LargeValueScenario, measures the effect.
     */
    public boolean isCongested() {
        return congested;
    }

    void receivingLargeReply(boolean large) {
        if (large != receivingLargeReply) {
            receivingLargeReply = large;
            congested = receivingLargeReply || !writable;
        }
    }

    void writable(boolean isWritable) {
        if (isWritable != writable) {
            writable = isWritable;
            congested = receivingLargeReply || !writable;
        }
    }

    // ---- liveness (event loop) ----

    boolean hasRepliesPending() {
        return handler != null && !handler.fifo().isEmpty();
    }

    /** True when an unanswered written command may be held by the server on purpose (BLPOP, XREAD BLOCK...). */
    boolean awaitsBlockingCommand() {
        for (CommandFuture<?> command : handler.fifo()) { // only scanned once the connection has been silent too long
            if (!command.isDone() && BlockTime.blockNanos(command.spec.name(), command.spec.args()) != BlockTime.NOT_BLOCKING) {
                return true;
            }
        }
        return false;
    }

    /** The later of the last read and the moment replies started being awaited. */
    long awaitingRepliesSinceNanos() {
        long read = lastReadNanos;
        long awaiting = handler == null ? read : handler.fifo().awaitingSinceNanos();
        return read - awaiting > 0 ? read : awaiting;
    }

    long lastReadNanos() {
        return lastReadNanos;
    }

    /** Sends an internal PING on an idle ready connection; its reply is read and dropped like any other. */
    void pingIfReady(long deadlineNanos) {
        if (state == State.READY) {
            writeInternal(new CommandFuture<>(PING_SPEC, true, deadlineNanos));
        }
    }

    /** The server stopped answering while replies were awaited: close, so they fail and the reconnect starts. */
    void declareUnresponsive(long silentMillis, long responseTimeoutMillis) {
        recordFailure(new RedisConnectionException(endpoint.toString(), "no reply for " + silentMillis + " ms while "
                + handler.fifo().size() + " commands awaited one (responseTimeout " + responseTimeoutMillis
                + " ms): the server looks hung, paused or unreachable, so the connection was closed", null));
        channel.close();
    }

    // ---- read side hooks (event loop) ----

    void onRead() {
        lastReadNanos = System.nanoTime();
    }

    void onPush(Reply.PushReply push) {
        ClientTracking tracking = settings.tracking();
        String kind = push.kind();
        if (tracking != null && "invalidate".equals(kind)) {
            tracking.onInvalidation(this, push);
            return;
        }
        if (!receivesPubSub && PubSubPushes.isPubSub(kind)) {
            // A command the client did not send as a subscription was answered by pushes (RESP3 UNSUBSCRIBE
            // and its kin), so its FIFO entry would take the next caller's reply: nothing on it can be trusted.
            throw new RedisProtocolException(endpoint + ": a '" + kind + "' push arrived on a connection that never "
                    + "subscribed, so its replies no longer match its commands; the connection was closed");
        }
        pushListener.accept(push);
    }

    /** The client-side cache's session of this connection's tracking, or null when tracking is off or lost. */
    public TrackingSession trackingSession() {
        return trackingSession;
    }

    /**
     * Ends the current tracking session so every entry it filled is dropped, and starts a new one
     * (any thread: a FLUSHALL invalidation, or a cluster node losing slots).
     */
    public void renewTrackingSession() {
        TrackingSession current = trackingSession;
        if (current == null) {
            return;
        }
        current.end(); // at once, from any thread: entries of this session stop serving now
        eventLoop.execute(() -> {
            if (trackingSession == current) { // not already replaced by a disconnect or another renewal
                trackingSession = newTrackingSession();
                settings.tracking().onSessionEnded(current);
            }
        });
    }

    private TrackingSession newTrackingSession() {
        return new TrackingSession(settings.tracking().heartbeatOf(eventLoop));
    }

    /** Event loop: the socket is gone, and with it the server's tracking of this connection. */
    private void endTrackingSession() {
        TrackingSession current = trackingSession;
        trackingSession = null;
        if (current != null) {
            current.end();
            settings.tracking().onSessionEnded(current);
        }
    }

    java.util.concurrent.Executor settingsExecutor() {
        return settings.completionExecutor();
    }

    CommandQueue queue() {
        return queue;
    }

    Throwable lastFailure() {
        return lastFailure;
    }

    Channel channel() {
        return channel;
    }

    boolean isResp3() {
        return resp3;
    }

    /** Diagnostics for tests and error messages: commands accepted and not yet answered. */
    public int unansweredCount() {
        return queue.unanswered();
    }

    /** Null when the client observes nothing (read by the handler to skip the byte and clock counting). */
    CommandObserver observer() {
        return observer;
    }

    // ---- ObservedConnection: gauges, any thread, read without synchronization ----

    @Override
    public String node() {
        return node;
    }

    /** The availability zone its server reported at the latest handshake that asked; null when none or not asked. */
    public String serverZone() {
        return serverZone;
    }

    /** Event loop (a handshake step): records the zone the server reported. */
    public void serverZone(String zone) {
        this.serverZone = zone;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String state() {
        return state.label; // an event-loop field read racily: a recent value is all a gauge needs
    }

    @Override
    public int queuedCommands() {
        return Math.max(0, queue.unanswered() - commandsInFlight());
    }

    @Override
    public int commandsInFlight() {
        ConnectionHandler current = handler;
        return current == null ? 0 : current.fifo().size();
    }

    @Override
    public int reconnectAttempts() {
        return reconnectAttempts;
    }

    /** Why a command waited out its deadline while not connected: the last error, or else what is still being tried. */
    private String notConnectedMessage() {
        String waitingFor = "; reconnect attempts: " + reconnectAttempts + "; commands waiting for the connection: " + waiting.size();
        if (lastFailure != null) {
            return "no connection within the command timeout; " + describe(lastFailure) + waitingFor
                    + ". Hint: the server is down, unreachable or refusing the handshake (see the cause)";
        }
        // Nothing failed yet: the first attempt is still in progress (a slow or silent server, a connectTimeout above the command timeout).
        String step = state == State.HANDSHAKING ? "connected over TCP, the handshake (HELLO/AUTH) got no answer yet"
                : "the TCP connect to " + endpoint + " has not completed yet (connectTimeout " + settings.connectTimeout().toMillis() + " ms)";
        return "no connection within the command timeout; no attempt has failed yet: " + step + waitingFor
                + ". Hint: the server is slow or silent on this port, or the command timeout is shorter than the connect";
    }

    static String describe(Throwable cause) {
        if (cause == null) {
            return "no error recorded";
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
