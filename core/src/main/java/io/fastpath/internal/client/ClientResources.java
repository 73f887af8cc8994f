package io.fastpath.internal.client;

import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.callerio.IdleLoopWatcher;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.ConnectionSettings;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.Transport;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a client owns: I/O event loops (native epoll when available, NIO otherwise: see {@link Transport}) and, unless
 * the user supplied one or chose direct completion, the executor that completes async futures.
 * Connections take event loops round-robin, so N connections spread over N distinct loops.
 *
 * <p>Hosted ({@code internal.hosted.HostedClients}): the loops are a host framework's (Vert.x's), lent, never shut down
 * here; the i-th connection of every server takes the i-th loop, so each loop holds a connection to each server when
 * {@code connectionsPerNode} is at least the number of loops, and a command sent from a loop stays on it.
 *
 * <p>Caller-driven I/O ({@code callerDrivenIo}): each shared connection (a standalone server's, a cluster node's, a Sentinel-watched server's) gets a
 * {@link CallerDrivenLoop} of its own (its blocking callers drive it, its background driver thread serves it when none
 * does, woken by the client's one {@link IdleLoopWatcher}); every other connection stays on the group's loops.
 */
public final class ClientResources implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ClientResources.class.getName());
    /**
     * How long after a retired connection closed its caller-driven loop is shut down: a sender that found the connection
     * open just before it retired has queued its command (which the connection then hands off) long before; a loop shut
     * down would refuse it.
     */
    static final long RELEASE_DELAY_SECONDS = 10;
    /** How long close() lets the callbacks queued on the client's own completion pool run. */
    private static final long CALLBACKS_GRACE_SECONDS = 2;
    private final EventLoopGroup group;
    /** False for a host's loops: they are lent, and closing the client leaves them running. */
    private final boolean ownsLoops;
    private final List<EventLoop> loops = new ArrayList<>();
    private final Class<? extends SocketChannel> channelType;
    private final Executor completionExecutor;
    private final ExecutorService ownedExecutor;
    private final AtomicInteger nextLoop = new AtomicInteger();
    /** How this client's blocking callers wait: spinning briefly when alone, then parked. */
    private final LoneCallerSpin callerSpin;
    /** Whether shared connections (a standalone server's, a cluster node's) get loops their blocking callers drive. */
    private final boolean callerDrivenIo;
    /** Any thread: the caller-driven loops made so far (read by requireNotIoThread and close). */
    private final List<CallerDrivenLoop> drivenLoops = new CopyOnWriteArrayList<>();
    /** Numbers the background driver threads (fastpath-driver-N), also past loops released. */
    private final AtomicInteger drivenLoopsMade = new AtomicInteger();
    /** Under {@code callerDrivenIo}: wakes a loop's background driver when the loop stayed free an idle period; else null. */
    private final IdleLoopWatcher idleWatcher;

    /** As below, with callers that park at once, without spinning (tests). */
    public ClientResources(int ioThreads, Executor userExecutor, boolean directCompletion) {
        this(ioThreads, userExecutor, directCompletion, LoneCallerSpin.OFF);
    }

    /**
     * @param userExecutor the executor to complete futures on, or null for a client-owned pool
     * @param directCompletion complete futures on the I/O thread (user callbacks then run there)
     * @param callerSpin how blocking callers wait (see {@link LoneCallerSpin})
     */
    public ClientResources(int ioThreads, Executor userExecutor, boolean directCompletion, LoneCallerSpin callerSpin) {
        this(ioThreads, userExecutor, directCompletion, callerSpin, false);
    }

    /** As above; {@code callerDrivenIo}: a standalone server's shared connections get caller-driven loops (see the class comment). */
    public ClientResources(int ioThreads, Executor userExecutor, boolean directCompletion, LoneCallerSpin callerSpin,
                           boolean callerDrivenIo) {
        this(new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory("fastpath-io", true), Transport.ioHandlerFactory()),
                true, Transport.channelType(), userExecutor, directCompletion, callerSpin, callerDrivenIo);
    }

    /** On a host's event loops (see the class comment); the channel type is the one those loops serve. */
    public static ClientResources hostedOn(EventLoopGroup hostLoops, Executor userExecutor, boolean directCompletion,
                                           LoneCallerSpin callerSpin) {
        return new ClientResources(hostLoops, false, Transport.channelTypeFor(hostLoops), userExecutor, directCompletion, callerSpin,
                false);
    }

    private ClientResources(EventLoopGroup group, boolean ownsLoops, Class<? extends SocketChannel> channelType,
                            Executor userExecutor, boolean directCompletion, LoneCallerSpin callerSpin, boolean callerDrivenIo) {
        this.group = group;
        this.callerDrivenIo = callerDrivenIo;
        this.idleWatcher = callerDrivenIo ? new IdleLoopWatcher("fastpath-idle-watcher") : null;
        this.callerSpin = callerSpin;
        this.ownsLoops = ownsLoops;
        this.channelType = channelType;
        group.forEach(executor -> loops.add((EventLoop) executor));
        if (directCompletion) {
            completionExecutor = null;
            ownedExecutor = null;
        } else if (userExecutor != null) {
            completionExecutor = userExecutor;
            ownedExecutor = null;
        } else {
            ownedExecutor = newCompletionPool();
            completionExecutor = ownedExecutor;
        }
    }

    /** The next event loop in round-robin order. */
    public EventLoop nextEventLoop() {
        return loops.get(Math.floorMod(nextLoop.getAndIncrement(), loops.size()));
    }

    /**
     * The loop of a server's {@code index}-th shared connection: on a host's loops the {@code index}-th loop, so every
     * server has its connections on the same loops (a command sent from a loop finds one there); otherwise the next in
     * round-robin order.
     */
    public EventLoop eventLoopForConnection(int index) {
        return ownsLoops ? nextEventLoop() : loops.get(index % loops.size());
    }

    /**
     * A server's {@code index}-th shared connection (a standalone server's or a cluster node's), on
     * {@link #eventLoopForSharedConnection}; on a caller-driven loop, the loop watches its replies (a holder leaving
     * them unread wakes the background driver).
     */
    public Connection sharedConnection(Endpoint endpoint, ConnectionSettings settings, int index) {
        EventLoop loop = eventLoopForSharedConnection(index);
        Connection connection = new Connection(endpoint, settings, loop, channelType);
        if (loop instanceof CallerDrivenLoop driven) {
            driven.watchReplies(() -> connection.unansweredCount() > 0);
        }
        return connection;
    }

    /**
     * Shuts the caller-driven loops of {@code closed} connections down (a seed's, once the client turned out to talk to
     * a cluster): nothing sends on them any more. Any thread, after their close completed; others' loops are left.
     */
    public void releaseDrivenLoops(Connection[] closed) {
        for (Connection connection : closed) {
            if (connection.eventLoop() instanceof CallerDrivenLoop loop && drivenLoops.remove(loop)) {
                loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Shuts the caller-driven loops of {@code retired} connections down {@link #RELEASE_DELAY_SECONDS} after
     * {@code closed} completes (a cluster node that left the topology, a Sentinel primary or replica replaced), so a
     * client that outlives many topology changes does not keep a driver thread per connection it ever had. Any thread;
     * nothing without caller-driven loops.
     */
    public void releaseDrivenLoopsLater(Connection[] retired, CompletableFuture<?> closed) {
        releaseDrivenLoopsLater(retired, closed, RELEASE_DELAY_SECONDS, TimeUnit.SECONDS);
    }

    /** {@link #releaseDrivenLoopsLater(Connection[], CompletableFuture)} after {@code delay}, which a test shortens. */
    void releaseDrivenLoopsLater(Connection[] retired, CompletableFuture<?> closed, long delay, TimeUnit unit) {
        if (!callerDrivenIo) {
            return;
        }
        closed.whenComplete((ignored, failure) -> {
            try {
                nextEventLoop().schedule(() -> releaseDrivenLoops(retired), delay, unit);
            } catch (RejectedExecutionException clientClosing) {
                // close() shuts every caller-driven loop down itself
            }
        });
    }

    /**
     * The loop of a server's {@code index}-th shared connection (a standalone server's or a cluster node's): a new
     * caller-driven loop of its own under {@code callerDrivenIo}, else {@link #eventLoopForConnection}.
     */
    public EventLoop eventLoopForSharedConnection(int index) {
        if (!callerDrivenIo) {
            return eventLoopForConnection(index);
        }
        CallerDrivenLoop loop = new CallerDrivenLoop(Transport.ioHandlerFactory(), "fastpath-driver-" + drivenLoopsMade.incrementAndGet(),
                idleWatcher);
        drivenLoops.add(loop);
        return loop;
    }

    /** Whether shared connections (a standalone server's, a cluster node's) get caller-driven loops. */
    public boolean callerDrivenIo() {
        return callerDrivenIo;
    }

    /** True when the loops are a host framework's, and a command sent from one of them stays on it. */
    public boolean hosted() {
        return !ownsLoops;
    }

    /**
     * Throws {@link IllegalStateException} when called on one of this client's I/O threads (an async
     * callback under {@code directCompletion()}, or an event listener there): {@code what} would wait for
     * a reply or a close that only that very thread can deliver, a deadlock. Any thread; a plain caller
     * thread costs one type check.
     */
    public void requireNotIoThread(String what) {
        requireNotIoThread(what, "");
    }

    /** As {@link #requireNotIoThread(String)} for {@code what + name}, joined only on failure (the sync hot path). */
    public void requireNotIoThread(String what, String name) {
        Thread current = Thread.currentThread();
        if (!(current instanceof FastThreadLocalThread)) {
            return; // Netty's event loop threads are all FastThreadLocalThreads
        }
        for (EventLoop loop : loops) {
            if (loop.inEventLoop(current)) {
                throw onIoThread(what, name, current);
            }
        }
        for (EventLoop loop : drivenLoops) {
            if (loop.inEventLoop(current)) {
                throw onIoThread(what, name, current);
            }
        }
    }

    private static IllegalStateException onIoThread(String what, String name, Thread current) {
        return new IllegalStateException(what + name + " was called on the client's I/O thread " + current.getName()
                + ", where it would wait for a reply or a close that only this thread can deliver (a deadlock)."
                + " This happens in async callbacks under RedisClientBuilder.directCompletion(): use the async API"
                + " there (redis.async()...), hand the work to another executor, or drop directCompletion()");
    }

    public Class<? extends SocketChannel> channelType() {
        return channelType;
    }

    public LoneCallerSpin callerSpin() {
        return callerSpin;
    }

    /** Null means complete on the I/O thread. */
    public Executor completionExecutor() {
        return completionExecutor;
    }

    public String transportName() {
        String name = channelType == Transport.channelType() ? Transport.name()
                : channelType == io.netty.channel.socket.nio.NioSocketChannel.class ? "nio" : "epoll";
        if (!ownsLoops) {
            return name + " on the host's event loops";
        }
        return callerDrivenIo ? "caller-driven I/O, " + name : name; // the transport last, as without it
    }

    @Override
    public void close() {
        closeDrivenLoops();
        // Bounded: a task that never returns (a user callback blocking an I/O thread) must not hang close() too.
        if (ownsLoops && !group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS)) {
            LOG.log(System.Logger.Level.WARNING, "the client's I/O threads did not stop within 10 s of close(): a task"
                    + " on one of them is blocked (a callback under directCompletion()?); they stay as daemon threads");
        }
        if (ownedExecutor != null) {
            ownedExecutor.shutdown();
            awaitCallbacks();
        }
    }

    /** Shuts the caller-driven loops down (their background drivers destroy them), bounded like the group's. */
    private void closeDrivenLoops() {
        for (CallerDrivenLoop loop : drivenLoops) {
            loop.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        }
        for (CallerDrivenLoop loop : drivenLoops) {
            if (!loop.terminationFuture().awaitUninterruptibly(10, TimeUnit.SECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "a caller-driven event loop did not stop within 10 s of close(): a caller"
                        + " or a task holds it; its background driver stays as a daemon thread");
            }
        }
        if (idleWatcher != null) {
            idleWatcher.close();
        }
    }

    /**
     * Lets the callbacks already queued on the client's own completion pool run before close() returns, so an async
     * future the close failed is completed when it returns (ClientCloseIT); bounded, since a callback may block, and
     * skipped on the pool's own threads (a callback that closes the client would wait for itself).
     */
    private void awaitCallbacks() {
        if (Thread.currentThread() instanceof ForkJoinWorkerThread worker && worker.getPool() == ownedExecutor) {
            return;
        }
        try {
            if (!ownedExecutor.awaitTermination(CALLBACKS_GRACE_SECONDS, TimeUnit.SECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "the client's async callbacks did not finish within "
                        + CALLBACKS_GRACE_SECONDS + " s of close(): one of them is blocked; close() returns without them");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt(); // close() still returns: the pool finishes on its own daemon threads
        }
    }

    private static ExecutorService newCompletionPool() {
        int parallelism = Math.max(2, Runtime.getRuntime().availableProcessors());
        AtomicInteger counter = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = pool -> {
            ForkJoinWorkerThread thread = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            thread.setName("fastpath-callback-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        return new ForkJoinPool(parallelism, factory, null, true); // async mode: FIFO for event-style tasks
    }
}
