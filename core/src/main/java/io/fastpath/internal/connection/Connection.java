package io.fastpath.internal.connection;

import io.fastpath.ObservedConnection;
import io.fastpath.RedisBackpressureException;
import io.fastpath.RedisNotSentException;
import io.fastpath.command.Reply;
import io.fastpath.internal.connection.ConnectCycle.State;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
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
 *
 * <p>This class keeps send, drain and close, and is the door to the rooms beside it, one job each: the
 * {@link ConnectCycle} (connect, handshake, reconnect; the current channel), the {@link WaitingRoom} (commands not
 * written while not ready or held for a failover), the {@link HandOver} (retire, hand over, reroute),
 * {@link DeadlineTimer} (deadline expiry), {@link LivenessCheck} (idle PING, response timeout), the
 * {@link PushRouter} (pushes, the tracking session), {@link Congestion} and {@link FailureText}.
 */
public final class Connection implements ObservedConnection {
    private static final int MAX_COMMANDS_PER_DRAIN = 4096;
    /** Numbers connections for {@link #id()}. */
    private static final AtomicInteger IDS = new AtomicInteger();

    // Immutable.
    private final Endpoint endpoint;
    private final ConnectionSettings settings;
    private final EventLoop eventLoop;
    /** The client's command observer (listener, slow-command log), or null: then nothing is observed. */
    private final CommandObserver observer;
    private final String node;
    private final int id = IDS.incrementAndGet();
    /** 0 before start, 1 once the observer was told it opened, 2 once told it closed (so each is told once). */
    private final AtomicInteger observedLife = new AtomicInteger();
    /** Callers' commands on their way to the event loop, and the count of commands accepted and not yet answered (any thread). */
    private final CommandQueue queue;
    final DeadlineTimer deadlines;
    final WaitingRoom waitingRoom;
    final HandOver handOver;
    final PushRouter pushes;
    final Congestion congestion = new Congestion();
    final ConnectCycle cycle;

    // Any thread.
    volatile boolean closing;
    /** Why {@link #close(long, String)} closed it, for the commands still awaiting replies; null for a plain close. Written before {@link #closing}. */
    volatile String closeReason;

    public Connection(Endpoint endpoint, ConnectionSettings settings, EventLoop eventLoop, Class<? extends SocketChannel> channelType) {
        this.endpoint = endpoint;
        this.settings = settings;
        this.eventLoop = eventLoop;
        this.observer = settings.observer();
        this.node = endpoint.toString();
        this.queue = new CommandQueue(eventLoop, this::drain, settings.maxInFlightPerConnection());
        this.deadlines = new DeadlineTimer(this, eventLoop);
        this.waitingRoom = new WaitingRoom(this, settings, queue, deadlines);
        this.handOver = new HandOver(this, waitingRoom, queue);
        this.pushes = new PushRouter(this, settings);
        this.cycle = new ConnectCycle(this, settings, eventLoop, channelType);
    }

    /** Starts the first connect; the returned future completes when the handshake has finished. */
    public CompletableFuture<Void> start() {
        if (closing) {
            return cycle.firstReady; // closed before a deferred start (cluster replicas): nothing opens, nothing is observed
        }
        if (observer != null && observedLife.compareAndSet(0, 1)) {
            observer.connectionOpened(this);
        }
        eventLoop.execute(cycle::connect);
        return cycle.firstReady;
    }

    /** Queues a command from any thread; it is written by the next drain on the event loop. */
    public void send(CommandFuture<?> command) {
        TransactionGroup block = command.transaction();
        if (ArgumentLimit.exceeded(command.spec, block, settings.maxArgumentBytes())) {
            // Refused here, before it is queued: written, the server would close the connection, failing every caller's commands on it.
            command.completeExceptionally(ArgumentLimit.refusal(command.spec, block, settings.maxArgumentBytes()));
            return;
        }
        if (observer != null) {
            command.observeStart(observer, this); // the observation starts here, on the caller's thread
        }
        if (closing) {
            Consumer<CommandFuture<?>> handOff = handOver.handOff();
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

    /** Event loop: writes everything queued with one flush, or leaves it in the {@link WaitingRoom} while not ready. */
    void drain() {
        queue.drainStarted();
        if (closing && handOver.handOff() != null) {
            // Handed over or retired: nothing more is written to this server. Until the hand-over (or close) task has
            // taken what was queued, in order, it is left to it; a command that raced in after that is handed off here.
            // (A plain close still writes what was sent before it: those commands get the close grace.)
            if (handOver.collected()) {
                waitingRoom.failAll("the client is closed", null);
            }
            return;
        }
        if (cycle.state != State.READY || waitingRoom.isHeld()) {
            waitingRoom.admitQueued();
            return;
        }
        CommandWriter writer = cycle.writer;
        if (observer != null) {
            writer.startObservedDrain();
        }
        int drained = 0;
        CommandFuture<?> command;
        while (drained < MAX_COMMANDS_PER_DRAIN && (command = queue.poll()) != null) {
            drained++;
            if (command.isDone()) { // the caller gave up before it was written: nothing to read back
                queue.answered();
                command.settle();
                continue;
            }
            if (waitingRoom.isHeld()) {
                // A hold that began during this drain: this command may have been sent after hold() returned, so it
                // and every later one wait (HoldAndHandOverProtocolTest saw them written to the old primary).
                waitingRoom.admit(command);
                waitingRoom.admitQueued();
                break;
            }
            writer.add(command);
        }
        if (drained > 0) {
            writer.flushToSocket();
        }
        queue.drainRestLater(); // yield to reads between large drains
    }

    /** Event loop, ready: commands that waited for the connection keep their arrival order ahead of newer ones. */
    void writeWaitingThenDrain() {
        ArrayDeque<CommandFuture<?>> held = waitingRoom.takeAll();
        CommandWriter writer = cycle.writer;
        if (observer != null) {
            writer.startObservedDrain();
        }
        boolean wrote = false;
        for (CommandFuture<?> command : held) {
            if (command.isDone()) {
                queue.answered();
                command.settle();
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
            waitingRoom.failAll("the client is closed", null);
            handOver.markCollected();
            long giveUpAt = System.nanoTime() + graceNanos;
            closeWhenQuiet(giveUpAt, closed);
        });
        return closed;
    }

    /** Event loop: closes the channel once no command awaits a reply, or at {@code giveUpAt}; then completes {@code closed}. */
    void closeWhenQuiet(long giveUpAt, CompletableFuture<Void> closed) {
        if (queue.unanswered() > 0 && cycle.channel != null && System.nanoTime() < giveUpAt) {
            eventLoop.schedule(() -> closeWhenQuiet(giveUpAt, closed), 1, TimeUnit.MILLISECONDS);
            return;
        }
        deadlines.cancel();
        if (cycle.channel == null) {
            cycle.state = State.CLOSED;
            closed.complete(null);
            return;
        }
        cycle.channel.close().addListener(f -> closed.complete(null));
    }

    // ---- doors to the rooms (any thread) ----

    /** Commands wait unwritten from the next drain on, until {@link #resume()} or {@link #handOver} (Sentinel: a failover began). */
    public void hold() {
        waitingRoom.hold();
    }

    /** Ends {@link #hold()}: what waited is written, in order, ahead of newer commands. */
    public void resume() {
        waitingRoom.resume();
    }

    /** True between {@link #hold()} and {@link #resume()} (approximate). */
    public boolean isHeld() {
        return waitingRoom.isHeld();
    }

    /**
     * This connection's server is no longer the one to write to (Sentinel switched the primary). Stops accepting
     * commands (later ones go straight to {@code next}), moves every command not written here (held, queued, or a read
     * waiting for its replay) in order to the front of {@code next}'s queue, and closes once the written ones are
     * answered or {@code graceNanos} passed. The returned future completes once the move is done, so {@code next}
     * (held until then) can keep the callers' order: everything sent before the switch goes out ahead of the rest.
     */
    public CompletableFuture<Void> handOver(Connection next, long graceNanos) {
        return handOver.handOver(next, graceNanos);
    }

    /**
     * Closes like {@link #close} but hands every command that was never written (held while reconnecting, or sent
     * after this call) to {@code handOff} instead of failing it: a cluster node left the topology.
     */
    public CompletableFuture<Void> retire(long graceNanos, Consumer<CommandFuture<?>> handOff) {
        return handOver.retire(graceNanos, handOff);
    }

    /**
     * While this connection is not ready, hands every keyed command waiting for it to {@code reroute}: its node no
     * longer serves slots, so they go to the slot's new owner instead of waiting for a node that may not come back.
     */
    public void rerouteWaiting(Consumer<CommandFuture<?>> reroute) {
        handOver.rerouteWaiting(reroute);
    }

    /** Makes this a subscriber connection: pub/sub pushes go to {@code listener}. Set before {@link #start}. */
    public void pushListener(Consumer<Reply.PushReply> listener) {
        pushes.listener(listener);
    }

    /** The client-side cache's session of this connection's tracking, or null when tracking is off or lost. */
    public TrackingSession trackingSession() {
        return pushes.trackingSession();
    }

    /** Ends the tracking session so every entry it filled is dropped, and starts a new one (FLUSHALL, lost slots). */
    public void renewTrackingSession() {
        pushes.renewTrackingSession();
    }

    /** True while a large reply streams in or the send buffer is full (see {@link Congestion}). */
    public boolean isCongested() {
        return congestion.isCongested();
    }

    /** Set before {@link #start}: commands every handshake runs after the built-in ones, before any queued command. */
    public void handshakeExtension(HandshakeExtension extension) {
        cycle.handshakeExtension = extension;
    }

    public void disconnectListener(Runnable listener) {
        cycle.disconnectListener = listener;
    }

    /** What the server said it is in its HELLO reply: standalone, cluster or sentinel; null when it had no HELLO. */
    public String serverMode() {
        return cycle.serverMode;
    }

    /** The availability zone its server reported at the latest handshake that asked; null when none or not asked. */
    public String serverZone() {
        return cycle.serverZone;
    }

    /** Event loop (a handshake step): records the zone the server reported. */
    public void serverZone(String zone) {
        cycle.serverZone = zone;
    }

    /** True when the latest handshake negotiated RESP3 (the server has HELLO). */
    public boolean negotiatedResp3() {
        return cycle.resp3Negotiated;
    }

    /** True once a handshake has completed and until the connection is lost (approximate). */
    public boolean isReady() {
        return cycle.ready;
    }

    // ---- what the connection is ----

    /** True when the client is hosted on a framework's event loops and routes by the calling loop (NodeConnections). */
    public boolean routesByCallingLoop() {
        return settings.routeByCallingLoop();
    }

    /** True when this connection speaks TLS (every connection of a client, or none). */
    public boolean usesTls() {
        return settings.tls() != null;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public EventLoop eventLoop() {
        return eventLoop;
    }

    ConnectionSettings settings() {
        return settings;
    }

    CommandQueue queue() {
        return queue;
    }

    /** Event loop: the current channel, or null while there is none. */
    Channel channel() {
        return cycle.channel;
    }

    /** Diagnostics for tests and error messages: commands accepted and not yet answered. */
    public int unansweredCount() {
        return queue.unanswered();
    }

    // ---- ObservedConnection: gauges, any thread, read without synchronization ----

    @Override
    public String node() {
        return node;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String state() {
        return cycle.state.label; // an event-loop field read racily: a recent value is all a gauge needs
    }

    @Override
    public int queuedCommands() {
        return Math.max(0, queue.unanswered() - commandsInFlight());
    }

    @Override
    public int commandsInFlight() {
        ConnectionHandler current = cycle.handler;
        return current == null ? 0 : current.fifo().size();
    }

    @Override
    public int reconnectAttempts() {
        return cycle.reconnectAttempts;
    }
}
