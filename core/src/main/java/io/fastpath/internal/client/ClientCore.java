package io.fastpath.internal.client;

import io.fastpath.command.Command;
import io.fastpath.command.CommandBuilder;
import io.fastpath.PubSubListener;
import io.fastpath.RedisArgumentException;
import io.fastpath.RedisCodec;
import io.fastpath.Subscription;
import io.fastpath.internal.cache.ClientSideCache;
import io.fastpath.internal.cache.FillRoute;
import io.fastpath.internal.routing.SlotHash;
import io.fastpath.internal.cluster.ClusterRouter;
import io.fastpath.internal.transaction.TransactionRunner;
import io.fastpath.internal.command.BlockTime;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.protocol.RespEncoder;
import io.fastpath.internal.command.Converters;
import io.fastpath.internal.connection.CallerCommands;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.CommandObserver;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.pubsub.PubSubEngine;
import io.fastpath.internal.pubsub.PubSubKind;
import io.fastpath.internal.pubsub.StandalonePubSub;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The shared engine behind every view of a client: routes a command to a connection and, for the
 * blocking API, waits for it; {@link ClientStart} builds it for a standalone server, a cluster or Sentinel.
 * Thread-safe; one per {@code RedisClient}.
 */
public final class ClientCore implements AutoCloseable {
    private final ClientResources resources;
    /** The standalone server, or the Sentinel-watched primary and replicas; null when the client talks to a cluster. */
    private final StandaloneServers standalone;
    /** The cluster router; null for a standalone server. */
    private final ClusterRouter cluster;
    private final long commandTimeoutNanos;
    private final long closeGraceNanos;
    /** Subscriptions and their dedicated connections; connects nothing until the first subscribe. */
    private final PubSubEngine pubSub;
    /** Connections leased to one caller at a time: blocking commands and WATCH transactions. */
    private final DedicatedConnections dedicated;
    private final BlockingDispatch blockingDispatch;
    private final TransactionRunner transactions;
    /** The client-side cache, or null when it is off; set once by {@link #attachCache} before the client is published. */
    private ClientSideCache cache;
    /** Whether callers' in-flight counts are kept so an idle caller may route around a congested connection. */
    private final boolean congestionDetour;
    /** Caller-driven I/O: blocking callers drive a free shared connection's loop (any topology). */
    private final boolean callerDrivenIo;
    /** Set by the first {@link #close}; any thread. */
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The command listener and slow-command log, or null; told when the client closes. */
    private final CommandObserver observer;

    ClientCore(ClientResources resources, StandaloneServers standalone, ClusterRouter cluster, Duration commandTimeout,
                       ConnectionSettings settings, PubSubEngine pubSub, boolean congestionDetour) {
        this.resources = resources;
        this.congestionDetour = congestionDetour;
        this.callerDrivenIo = resources.callerDrivenIo();
        this.observer = settings.observer();
        this.standalone = standalone;
        this.cluster = cluster;
        this.pubSub = pubSub;
        this.commandTimeoutNanos = commandTimeout.toNanos();
        this.closeGraceNanos = closeGraceNanos(commandTimeout);
        this.dedicated = new DedicatedConnections(settings, resources);
        this.blockingDispatch = new BlockingDispatch(dedicated, cluster, standalone, settings.completionExecutor());
        if (cluster != null) {
            cluster.retiredNodeListener(endpoint -> dedicated.closeNode(endpoint, closeGraceNanos));
        } else {
            standalone.primaryChangeListener((from, to) -> {
                dedicated.closeNode(from, closeGraceNanos); // a blocked BLPOP there ends as on a lost connection
                if (pubSub instanceof StandalonePubSub followsPrimary) {
                    // Off the event loop that switched: moveTo waits for a subscribe in progress to finish its connect.
                    CompletableFuture.runAsync(() -> followsPrimary.moveTo(to));
                }
            });
        }
        this.transactions = new TransactionRunner(standalone, cluster, dedicated, commandTimeoutNanos, resources);
    }

    /** How long closing waits for written commands' replies: the command timeout, at most 5 s. */
    static long closeGraceNanos(Duration commandTimeout) {
        return Math.min(commandTimeout.toNanos(), TimeUnit.SECONDS.toNanos(5));
    }

    /** Per calling thread: its commands that may still run, so routing knows when it may detour and where it must not. */
    private static final ThreadLocal<CallerCommands> CALLER_COMMANDS = ThreadLocal.withInitial(CallerCommands::new);

    /** Whether none of the calling thread's commands may still run (AbandonedCommandsIT); no lane is ended by asking. */
    static boolean callingThreadIdle() {
        return CALLER_COMMANDS.get().unsettled() == 0;
    }

    /** The client's {@code commandTimeout}: the timeout of every command not sent through a {@code withTimeout} view. */
    public long commandTimeoutNanos() {
        return commandTimeoutNanos;
    }

    public <T> CompletableFuture<T> dispatch(Command<T> command) {
        return send(spec(command), false, commandTimeoutNanos);
    }

    /** {@link #dispatch} with a view's timeout (checked by {@link CommandTimeout}) instead of commandTimeout. */
    public <T> CompletableFuture<T> dispatch(Command<T> command, long timeoutNanos) {
        return send(spec(command), false, timeoutNanos);
    }

    /**
     * The one place a command's deadline is set from its timeout (the client's or its view's): everything after it
     * (the not-sent expiry, replays, redirects and retries, the bounded wait) reads the deadline the command carries.
     * A blocking command's deadline adds its block time. The deadline is taken after the cache, which reads the
     * clock itself. {@code callerWaits}: a thread waits on the result (the sync API), so it completes on the I/O
     * thread; it says nothing of the command itself (BLPOP and its kin are found by {@code BlockTime}).
     */
    private <T> CompletableFuture<T> send(CommandSpec<T> spec, boolean callerWaits, long timeoutNanos) {
        long blockNanos = BlockTime.blockNanos(spec.name(), spec.args());
        if (blockNanos != BlockTime.NOT_BLOCKING) {
            if (cache != null) {
                spec = cache.evictingOwnWrites(spec); // BLPOP, BLMOVE... write too: the caller must read its own writes
            }
            return blockingDispatch.send(spec, callerWaits, blockNanos, timeoutNanos); // never on a shared connection
        }
        if (cache != null) {
            CompletableFuture<T> cached = cache.read(spec, callerWaits, timeoutNanos);
            if (cached != null) {
                return cached;
            }
            spec = cache.evictingOwnWrites(spec); // a write evicts its keys before its caller sees the reply
        }
        return sendToServer(spec, callerWaits, System.nanoTime() + timeoutNanos);
    }

    private <T> CompletableFuture<T> sendToServer(CommandSpec<T> spec, boolean callerWaits, long deadline) {
        // Without the detour or caller-driven I/O nothing reads the count: skip the thread-local lookup and both atomics.
        CallerCommands inFlight = congestionDetour || callerDrivenIo ? CALLER_COMMANDS.get() : null;
        // An idle caller may take any free connection; one with a command that may still run (even one it gave up) may not
        boolean idle = inFlight != null && inFlight.idle();
        if (inFlight != null) {
            inFlight.dispatching();
        }
        boolean drive = callerWaits && callerDrivenIo && DrivenWait.mayDrive();
        if (cluster != null) {
            return cluster.dispatch(spec, callerWaits, deadline, inFlight, idle, drive);
        }
        CommandFuture<T> command = new CommandFuture<>(spec, callerWaits, deadline, inFlight);
        return drive ? standalone.sendDriving(command, idle) : standalone.send(command, idle);
    }

    /**
     * {@link #dispatch}, with every command of the calling thread on one connection per server (its thread's lane,
     * never a detour), so they arrive in call order across keys. Blocking commands keep their own pool; with the
     * client-side cache on, reads go to the server (in order with the writes) instead of the cache.
     */
    public <T> CompletableFuture<T> dispatchInCallOrder(Command<T> command) {
        return dispatchInCallOrder(command, false);
    }

    /**
     * {@link #dispatchInCallOrder(Command)}; {@code callerWaits}: the caller only waits for the future and attaches no
     * callback, so it completes on the I/O thread as a blocking call's does, not on the completion executor.
     */
    public <T> CompletableFuture<T> dispatchInCallOrder(Command<T> command, boolean callerWaits) {
        CommandSpec<T> spec = spec(command);
        if (BlockTime.blockNanos(spec.name(), spec.args()) != BlockTime.NOT_BLOCKING) {
            return send(spec, callerWaits, commandTimeoutNanos);
        }
        if (cache != null) {
            spec = cache.evictingOwnWrites(spec);
        }
        CallerCommands inFlight = congestionDetour || callerDrivenIo ? CALLER_COMMANDS.get() : null;
        if (inFlight != null) {
            inFlight.dispatching();
        }
        long deadline = System.nanoTime() + commandTimeoutNanos;
        if (cluster != null) {
            return cluster.dispatchOnCallerLane(spec, callerWaits, deadline, inFlight);
        }
        return standalone.sendInCallOrder(new CommandFuture<>(spec, callerWaits, deadline, inFlight));
    }

    /**
     * Sends and waits, {@code timeoutNanos} being the client's {@link #commandTimeoutNanos} or a view's (checked by
     * {@link CommandTimeout}); the future completes on the I/O thread since no user code can be attached to it.
     */
    public <T> T execute(Command<T> command, long timeoutNanos) {
        CommandSpec<T> spec = spec(command);
        resources.requireNotIoThread("the blocking ", spec.name()); // before anything is sent
        return await(send(spec, true, timeoutNanos), spec, timeoutNanos);
    }

    /** A read-only single-key command served through the client-side cache (generic API, on request). */
    public <T> CompletableFuture<T> dispatchCached(Command<T> command, boolean callerWaits) {
        CommandSpec<T> spec = spec(command);
        if (cache == null) {
            throw new RedisArgumentException("the client-side cache is off: enable it with RedisClientBuilder.clientSideCache");
        }
        CompletableFuture<T> cached = cache.readRequested(spec, callerWaits, commandTimeoutNanos);
        return cached != null ? cached : sendToServer(spec, callerWaits, System.nanoTime() + commandTimeoutNanos);
    }

    /** As {@link #execute}, through the client-side cache. */
    public <T> T executeCached(Command<T> command) {
        CommandSpec<T> spec = spec(command);
        resources.requireNotIoThread("the blocking ", spec.name());
        return await(dispatchCached(command, true), spec, commandTimeoutNanos);
    }

    /** Connects the cache to this client's routing: fills go to the key's primary, plain reads by the usual path. */
    public void attachCache(ClientSideCache clientSideCache) {
        this.cache = clientSideCache;
        clientSideCache.start(new FillRoute() {
            @Override
            public void send(CommandFuture<?> fill) {
                if (cluster != null) {
                    cluster.sendToPrimary(fill);
                } else {
                    standalone.primary().route(fill.spec().routingKey()).send(fill);
                }
            }

            @Override
            public boolean ownsKey(Connection connection, byte[] key) {
                return cluster == null || cluster.isPrimaryFor(connection.endpoint(), SlotHash.slot(key));
            }
        }, resources.nextEventLoop());
    }

    /**
     * The blocking {@code GET key} of the client and its sync views, in one trip into the engine: with the client-side
     * cache on, a hit is answered from memory before the command is built (benchmark scenario g1); otherwise, and on
     * a miss, the GET is built and run by {@link #execute} (where the cache, when on, counts the miss and fills it).
     */
    @SuppressWarnings("unchecked")
    public <K, V> V get(CommandBuilder<K, V> commands, K key, long timeoutNanos) {
        ClientSideCache current = cache;
        if (current != null && key != null) { // a null key is left to the builder, which reports it
            RedisCodec<K, V> codec = commands.codec();
            Object cached = codec == RedisCodec.UTF8
                    ? current.cachedGet((String) key, Converters.value(codec)) // no encoding on a hit
                    : current.cachedGet(codec.encodeKey(key), Converters.value(codec));
            if (cached != ClientSideCache.MISS) {
                return (V) cached;
            }
        }
        return execute(commands.get(key), timeoutNanos);
    }

    /** The client-side cache, or null when it is off. */
    public ClientSideCache cache() {
        return cache;
    }

    /**
     * Waits for a sent command: the connection's deadline timer completes it; the wait itself is bounded by
     * the same deadline plus {@link BoundedWait#MARGIN_NANOS}. A done future (a cache hit) needs no clock; a
     * {@link CommandFuture} carries its deadline; any other (a fan-out, a leased blocking command) is given
     * one from now and {@code timeoutNanos}, block time included (a block time of 0 asked to wait for ever).
     */
    private <T> T await(CompletableFuture<T> future, CommandSpec<T> spec, long timeoutNanos) {
        long deadline;
        if (future.isDone()) {
            deadline = 0; // not read: BoundedWait answers a done future at once
        } else if (future instanceof CommandFuture<T> command) {
            deadline = command.deadlineNanos();
        } else {
            long blockNanos = BlockTime.blockNanos(spec.name(), spec.args());
            long now = System.nanoTime();
            deadline = blockNanos == BlockTime.NOT_BLOCKING ? now + timeoutNanos
                    : BlockTime.deadline(now, blockNanos, timeoutNanos);
        }
        try {
            if (future instanceof CommandFuture<T> command && command.drivenBy() != null) {
                return DrivenWait.await(command, command.drivenBy(), spec.name());
            }
            return BoundedWait.await(future, deadline, spec.name(), spinFor(spec));
        } catch (RuntimeException failed) {
            failed.addSuppressed(new CallerStackTrace()); // a failure made on an I/O thread then shows where it was called
            throw failed;
        }
    }

    /**
     * The client's spin, but none for a command larger than one write: its reply comes only after the server has read
     * it in pieces and run it, long past a spin (scenario k, multiSet of 1,000 pairs in one 120 kB MSET:
     * spinning was 6% of the process's CPU in async-profiler, for replies that came after the spin ran out).
     */
    private LoneCallerSpin spinFor(CommandSpec<?> spec) {
        byte[][] args = spec.args();
        if (args.length > 1 && RespEncoder.maxEncodedLength(args) > LARGE_COMMAND_BYTES) {
            return LoneCallerSpin.OFF;
        }
        return resources.callerSpin();
    }

    /** A command this large goes out in more than one write (CommandWriter.MAX_BYTES_PER_WRITE). */
    private static final int LARGE_COMMAND_BYTES = 64 * 1024;

    @SuppressWarnings("unchecked")
    private static <T> CommandSpec<T> spec(Command<T> command) {
        if (command instanceof CommandSpec<?> spec) {
            return (CommandSpec<T>) spec;
        }
        throw new RedisArgumentException(command == null ? "the command must not be null"
                : "commands must be built by a CommandBuilder, got " + command.getClass().getName());
    }

    /** Subscribes {@code listener}; returns once the server confirmed the names (see {@link PubSubEngine#subscribe}). */
    public Subscription subscribe(PubSubKind kind, PubSubListener listener, List<String> names) {
        resources.requireNotIoThread("subscribe (" + kind + ")"); // it waits for the server's confirmation
        return pubSub.subscribe(kind, listener, names);
    }

    /** The standalone server's connections (on Sentinel, the current primary's); null when the client talks to a cluster. */
    public NodeConnections node() {
        return standalone == null ? null : standalone.primary();
    }

    /** What the client talks to, for its toString: an address, a cluster, or a Sentinel-watched primary. */
    public String describe() {
        return cluster != null ? "cluster" : standalone.describe();
    }

    /** MULTI/EXEC blocks and WATCH transactions. */
    public TransactionRunner transactions() {
        return transactions;
    }

    /** The pools of blocking and WATCH connections (tests and diagnostics). */
    public DedicatedConnections dedicated() {
        return dedicated;
    }

    /** The cluster router, or null for a standalone server (tests and diagnostics). */
    public ClusterRouter cluster() {
        return cluster;
    }

    /** True when the client routes by hash slot to a cluster. */
    public boolean isCluster() {
        return cluster != null;
    }

    public ClientResources resources() {
        return resources;
    }

    /**
     * Closes once: a later (or concurrent) call returns at once, so try-with-resources around an explicit
     * close() does not touch the terminated event loops.
     */
    @Override
    public void close() {
        resources.requireNotIoThread("close()"); // it waits for the I/O threads to finish
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        pubSub.close();
        pubSub.closeSubscriptions();
        CompletableFuture<?> shared = cluster != null ? cluster.close() : standalone.close(closeGraceNanos);
        CompletableFuture<?> closed = CompletableFuture.allOf(shared, dedicated.close(closeGraceNanos));
        try {
            closed.get(closeGraceNanos + TimeUnit.SECONDS.toNanos(2), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            BoundedWait.interrupted(e, "the client's connections to close");
        } catch (ExecutionException | TimeoutException ignored) {
            // Closing proceeds regardless: the event loops shut down next and take the channels with them.
        }
        resources.close();
        if (observer != null) {
            observer.clientClosed();
        }
    }

    /** Marks where a blocking call was made, on an exception created by an I/O thread. */
    static final class CallerStackTrace extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CallerStackTrace() {
            super("called from here");
        }
    }
}
