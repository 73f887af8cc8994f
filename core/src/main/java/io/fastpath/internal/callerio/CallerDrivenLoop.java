package io.fastpath.internal.callerio;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultChannelPromise;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandle;
import io.netty.channel.IoHandler;
import io.netty.channel.IoHandlerContext;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.IoRegistration;
import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import io.netty.util.concurrent.DefaultPromise;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.Promise;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.jctools.queues.MpscUnboundedArrayQueue;

/**
 * An event loop with no thread of its own: whichever thread holds it runs it (issue 30, caller-driven I/O). A
 * blocking caller that finds it free takes it, runs it until its own reply is read, and frees it; whenever no caller
 * holds it, its {@link BackgroundDriver} may, so pushes, timers, reconnects and async commands never wait on a caller.
 *
 * <p>Why not Netty's {@code ManualIoEventLoop}: its owning thread is set once ({@code setOwningThread} throws when
 * set) and every {@code run} checks it, where caller-driven I/O needs a new owner at each hand-over; moving its private
 * owner by reflection (the benchmark prototype's way) fails on the module path, since netty-transport opens no
 * package. This loop is built on Netty's public API instead ({@link IoHandler}, {@link IoHandlerContext},
 * {@link AbstractScheduledEventExecutor}), with the owner an atomic reference that moves.
 *
 * <p>Invariants: only the holder runs the IoHandler, the tasks and the timers, so a channel, its pipeline and every
 * "event loop only" field of a connection stay confined to one thread at a time, as on a Netty thread, and
 * {@link #inEventLoop(Thread)} answers for the holder. A task queued on a free loop wakes the background driver; one
 * queued on a held loop wakes the IoHandler (the holder may wait in epoll or select); a holder that frees the loop with
 * work left wakes the background driver. No wake-up is lost: the task is queued before the holder is read, and the
 * holder is cleared before the queue is read, both through atomics.
 *
 * <p>Thread ownership: {@link #holder}, {@link #state}, the task queue and {@link #releases} any thread; the
 * IoHandler, the scheduled tasks and {@link #initialized} the holder only; {@link #releasesAtLastTick} the
 * {@link IdleLoopWatcher}'s thread only.
 */
public final class CallerDrivenLoop extends AbstractScheduledEventExecutor implements IoEventLoop {
    private static final int RUNNING = 0;
    private static final int SHUTTING_DOWN = 1;
    private static final int TERMINATED = 2;
    /**
     * A holder waiting in epoll/select wakes at least this often (2^27 ns, about 134 ms) to look at its interrupt flag
     * and its own deadline; the bound is a fixed grid, so consecutive waits share one timer deadline and the epoll
     * timer is not re-armed at every wait.
     */
    static final long TICK_NANOS = 1L << 27;
    /**
     * How long a caller waits for the background driver to free the loop it asked for, before it follows instead: the
     * driver frees it as soon as it wakes (work left goes with the loop to the caller, which leaves it to the driver
     * again when it frees the loop), so this bounds only a driver that cannot get a core or runs a long task. Following
     * would wait for the same wake-up, to have the command written.
     */
    static final long HAND_OVER_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** The task that only wakes the holder ({@link #wakeHolderUnlessCurrent}). */
    private static final Runnable NOTHING = () -> { };
    /** Tasks run per {@link #run}, at most, so a task that queues another cannot keep a caller from its reply. */
    private static final int MAX_TASKS_PER_RUN = 1024;

    private final IoHandler handler;
    private final long handOverWaitNanos;
    private final Queue<Runnable> tasks = new MpscUnboundedArrayQueue<>(256);
    /** Any thread: the thread running the loop now, null when free. Taken by CAS from null; freed by its holder only. */
    private final AtomicReference<Thread> holder = new AtomicReference<>();
    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private final Promise<Void> terminated = new DefaultPromise<>(GlobalEventExecutor.INSTANCE);
    /** Any thread: how often the loop was freed; the idle watcher hands a loop left free a whole idle period to its driver. */
    private final AtomicLong releases = new AtomicLong();
    private final BackgroundDriver background;
    private final HolderContext context = new HolderContext();
    /** Written by a holder as it frees the loop: when its next timer is due (ticker nanos), or Long.MAX_VALUE for none. */
    private volatile long nextTimerNanos = Long.MAX_VALUE;
    /** Whether a connection on this loop awaits replies (set once, before its first command): then someone must read. */
    private volatile BooleanSupplier awaitsReplies = () -> false;
    /** Set by a caller that found the background driver holding the loop: it frees the loop once no work is left. */
    private volatile boolean callerAsked;
    /**
     * Any thread: the one caller waiting for the background driver to free the loop, or null; unparked by free(). Taken
     * by CAS, so a second asker follows at once instead of parking where free() would not unpark it (scenario c with
     * 64 callers: a p99 of 10.5 ms, one {@link #HAND_OVER_WAIT_NANOS}, while the slot was a plain field).
     */
    private final AtomicReference<Thread> asker = new AtomicReference<>();
    /** Hands this loop to its background driver once it stayed free an idle period, or its timer is due. */
    private final IdleLoopWatcher watcher;

    // Holder only.
    private boolean initialized;

    // The idle watcher's thread only.
    /** {@link #releases} at the watcher's previous tick: unchanged and free now means free for the whole period. */
    private long releasesAtLastTick = -1;

    /**
     * A loop on {@code handlers}' IoHandler (epoll or NIO), with its background driver thread named {@code name}, which
     * {@code watcher} wakes when the loop stayed free an idle period or its timer is due.
     */
    public CallerDrivenLoop(IoHandlerFactory handlers, String name, IdleLoopWatcher watcher) {
        this(handlers, name, watcher, HAND_OVER_WAIT_NANOS);
    }

    /** As above, with a caller's wait for the background driver's hand-over other than {@link #HAND_OVER_WAIT_NANOS} (tests). */
    CallerDrivenLoop(IoHandlerFactory handlers, String name, IdleLoopWatcher watcher, long handOverWaitNanos) {
        this.handOverWaitNanos = handOverWaitNanos;
        if (!handlers.isChangingThreadSupported()) {
            throw new IllegalArgumentException("this IoHandler must stay on one thread, so no caller can drive it: " + handlers);
        }
        this.handler = handlers.newHandler(this);
        this.watcher = watcher;
        this.background = new BackgroundDriver(this, name);
        background.start(); // its thread reads this loop's fields
        watcher.watch(this); // last: the watcher's thread reads them too
    }

    /** Tells the loop how to see that its connection awaits replies, so a holder leaving them unread wakes the background driver. */
    public void watchReplies(BooleanSupplier awaitingReplies) {
        this.awaitsReplies = awaitingReplies;
    }

    // ---- holding ----

    /** A blocking caller takes the loop when it is free and running; false at once otherwise. */
    public boolean tryHold(Thread caller) {
        return holder.get() == null && state.get() == RUNNING && holder.compareAndSet(null, caller);
    }

    /**
     * A blocking caller that found the background driver holding the loop asks it to free the loop and waits up to
     * {@link #HAND_OVER_WAIT_NANOS} for that: the driver frees it when it next wakes (the ask wakes it) and unparks the
     * caller, which then holds it and drives its own command, and any work the driver left. False when another caller
     * holds it, another caller already waits for this hand-over, the driver did not free it within the wait (the
     * caller then follows), or the loop shuts down.
     */
    public boolean holdFromBackground(Thread caller) {
        Thread driver = background.thread();
        if (holder.get() != driver || state.get() != RUNNING) {
            return tryHold(caller);
        }
        if (awaitsReplies.getAsBoolean() || !tasks.isEmpty()) {
            // The driver serves others' commands: follow, as on a Netty thread. Asking here, with many callers keeping it
            // busy, made each caller wait for a hand-over (scenario c, 64 callers: 141,847 -> 153,874 GETs/s without it)
            return false;
        }
        if (!asker.compareAndSet(null, caller)) {
            return false; // another caller waits for this hand-over: follow, the holder writes this command with the rest
        }
        try {
            callerAsked = true;
            handler.wakeup(); // the driver may wait in epoll/select
            long giveUpAt = System.nanoTime() + handOverWaitNanos;
            long left;
            while (holder.get() == driver && (left = giveUpAt - System.nanoTime()) > 0 && !caller.isInterrupted()) {
                LockSupport.parkNanos(this, left);
            }
        } finally {
            asker.set(null);
        }
        return tryHold(caller);
    }

    /**
     * The background driver takes the loop when free, also while it shuts down (only the background driver destroys it),
     * but not while a caller it freed the loop for has yet to take it: taken back, the driver would reset the ask and
     * that caller would park its whole hand-over wait (the caller runs the work left, or leaves it to this driver).
     */
    boolean tryHoldInBackground(Thread driver) {
        if (asker.get() == null && holder.get() == null && holder.compareAndSet(null, driver)) {
            callerAsked = false;
            return true;
        }
        return false;
    }

    /**
     * Holder: frees the loop. A caller waiting for it (see {@link #holdFromBackground}) takes it; otherwise, when work is
     * left (a task, a reply awaited, a timer due, the shutdown) the background driver takes it at once, and else once
     * the {@link IdleLoopWatcher} finds it free a whole idle period, or a caller first.
     */
    public void free() {
        if (!inEventLoop()) {
            throw new IllegalStateException("only the thread holding this loop may free it");
        }
        long timer = nextScheduledTaskDeadlineNanos();
        nextTimerNanos = timer == -1 ? Long.MAX_VALUE : timer;
        releases.incrementAndGet();
        boolean leavesBackground = Thread.currentThread() == background.thread();
        holder.set(null);
        Thread waiting = asker.get(); // read after the holder is cleared: a caller that stops waiting clears it, then takes the loop
        if (state.get() != RUNNING || waiting == null && hasWork()) {
            background.takeNow();
        }
        if (leavesBackground) {
            watcher.wake(); // read after the holder is cleared: the watcher may sleep, every loop having been watched
        }
        if (waiting != null) {
            LockSupport.unpark(waiting); // it takes the loop, and the work left with it, rather than the background driver
        }
    }

    /** Any thread: whether a holder must run the loop soon (queued tasks, replies awaited, a timer due). */
    boolean hasWork() {
        return !tasks.isEmpty() || awaitsReplies.getAsBoolean() || timerDue();
    }

    /** Holder: whether work is left for it now (queued tasks, replies awaited, a timer due). */
    boolean holderHasWork() {
        return !tasks.isEmpty() || awaitsReplies.getAsBoolean() || hasScheduledTasks();
    }

    /** Holder: whether a caller asked for the loop while the background driver held it. */
    boolean callerAsked() {
        return callerAsked;
    }

    /** Holder: whether a caller waits now to take the loop over (it then drives the work left, too). */
    boolean callerWaiting() {
        return asker.get() != null;
    }

    /**
     * Idle watcher's thread, once a tick: hands the loop to its background driver when it is free and was not freed
     * since the previous tick (free for a whole idle period), or is free with its timer due or shutting down. Returns
     * whether the loop is unwatched (free, or held by a caller), so the watcher must tick again.
     */
    boolean lookIdle() {
        long released = releases.get();
        boolean stayedFree = released == releasesAtLastTick;
        releasesAtLastTick = released;
        Thread current = holder.get();
        if (current == background.thread()) {
            return false;
        }
        if (current == null && (stayedFree || timerDue() || state.get() != RUNNING)) {
            background.takeNow();
        }
        return true;
    }

    /** Any thread: whether the background driver holds the loop now (it watches the socket itself). */
    boolean watchedByBackground() {
        return holder.get() == background.thread();
    }

    private boolean timerDue() {
        long timer = nextTimerNanos;
        return timer != Long.MAX_VALUE && timer - ticker().nanoTime() <= 0;
    }

    /** How often the background driver woke so far (tests: it sleeps while callers hold the loop). */
    public long backgroundWakeUps() {
        return background.wakeUps();
    }

    /**
     * Any thread: a command whose caller drives this loop completed. On another thread than the holder's (a redirect or
     * a failover sent it to another connection) the holder may wait in epoll/select until the next tick: a task queued
     * wakes it, as {@link #execute} does (the IoHandler checks for tasks after arming its wake-up, so none is lost).
     * Nothing on the holder's own thread: it looks at its command when its run returns.
     */
    public void wakeHolderUnlessCurrent() {
        Thread current = holder.get();
        if (current != null && current != Thread.currentThread()) {
            tasks.add(NOTHING);
            handler.wakeup();
        }
    }

    /** Whether tasks are queued (tests: a wake-up left for the holder). */
    public boolean hasQueuedTasks() {
        return !tasks.isEmpty();
    }

    /** The background driver's thread (tests). */
    public Thread backgroundDriver() {
        return background.thread();
    }

    /** The thread holding the loop now, or null (tests and diagnostics; a moment later it may differ). */
    public Thread holder() {
        return holder.get();
    }

    // ---- running (holder only) ----

    /**
     * Holder: runs the timers due and the queued tasks, then handles ready I/O, waiting in epoll/select when nothing is
     * ready until I/O, a task, a timer, a wake-up or the next {@link #TICK_NANOS} tick, then runs the tasks again. Tasks
     * first: a caller's own drain (queued as it sent) writes before the wait, with no non-blocking poll in between.
     * While shutting down, the background driver destroys the loop here instead; a caller's run then does nothing (it
     * should free the loop).
     */
    public void run() {
        if (!inEventLoop()) {
            throw new IllegalStateException("only the thread holding this loop may run it");
        }
        if (!initialized) {
            initialized = true;
            handler.initialize();
        }
        if (state.get() != RUNNING) {
            if (Thread.currentThread() == background.thread() && state.get() == SHUTTING_DOWN) {
                destroy();
            }
            return;
        }
        runTasks(MAX_TASKS_PER_RUN);
        handler.run(context);
        runTasks(MAX_TASKS_PER_RUN);
    }

    /** Holder: the timers due, then the queued tasks, {@code max} at most. */
    private int runTasks(int max) {
        long now = getCurrentTimeNanos();
        Runnable timer;
        while ((timer = pollScheduledTask(now)) != null) {
            tasks.add(timer);
        }
        int ran = 0;
        Runnable task;
        while (ran < max && (task = tasks.poll()) != null) {
            safeExecute(task);
            ran++;
        }
        return ran;
    }

    /** Background driver, shutting down: runs what is queued, closes the channels, destroys the IoHandler. */
    private void destroy() {
        try {
            runTasks(Integer.MAX_VALUE);
            handler.prepareToDestroy(); // closes the registered channels
            while (runTasks(Integer.MAX_VALUE) > 0) {
                // the closes' own tasks (channelInactive and what it queues)
            }
            cancelScheduledTasks();
            handler.destroy();
            runTasks(Integer.MAX_VALUE);
        } finally {
            state.set(TERMINATED);
            terminated.setSuccess(null);
        }
    }

    /** What the IoHandler may wait for: the loop's next timer or the next tick, and not at all with work queued. */
    private final class HolderContext implements IoHandlerContext {
        @Override
        public boolean canBlock() {
            return tasks.isEmpty() && !hasScheduledTasks() && state.get() == RUNNING;
        }

        @Override
        public long delayNanos(long currentTimeNanos) {
            return Math.max(0, deadlineNanos() - ticker().nanoTime());
        }

        @Override
        public long deadlineNanos() {
            long tick = ((ticker().nanoTime() >> 27) + 1) << 27; // the next tick on the fixed grid (TICK_NANOS)
            long timer = nextScheduledTaskDeadlineNanos();
            return timer != -1 && timer - tick < 0 ? timer : tick;
        }
    }

    // ---- tasks (any thread) ----

    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (state.get() == TERMINATED) {
            throw new RejectedExecutionException("the event loop is terminated");
        }
        tasks.add(task);
        Thread current = holder.get();
        if (current == null) {
            background.takeNow();
        } else if (current != Thread.currentThread()) {
            handler.wakeup(); // the holder may wait in epoll/select; if it is freeing the loop, free() sees the task
        }
    }

    /** Queues without waking a holder: its next reply wakes it (see CommandQueue); a free loop still wakes the background driver. */
    @Override
    public void lazyExecute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (state.get() == TERMINATED) {
            throw new RejectedExecutionException("the event loop is terminated");
        }
        tasks.add(task);
        if (holder.get() == null) {
            background.takeNow();
        }
    }

    @Override
    public boolean inEventLoop(Thread thread) {
        return holder.get() == thread;
    }

    // ---- registration ----

    @Override
    public CallerDrivenLoop next() {
        return this;
    }

    @Override
    public IoEventLoopGroup parent() {
        return null;
    }

    @Override
    public Future<IoRegistration> register(IoHandle handle) {
        Promise<IoRegistration> promise = newPromise();
        if (inEventLoop()) {
            register(handle, promise);
        } else {
            execute(() -> register(handle, promise));
        }
        return promise;
    }

    private void register(IoHandle handle, Promise<IoRegistration> promise) {
        try {
            promise.setSuccess(handler.register(handle));
        } catch (Exception e) {
            promise.setFailure(e);
        }
    }

    @Deprecated
    @Override
    public ChannelFuture register(Channel channel) {
        return register(new DefaultChannelPromise(channel, this));
    }

    @Deprecated
    @Override
    public ChannelFuture register(ChannelPromise promise) {
        promise.channel().unsafe().register(this, promise);
        return promise;
    }

    @Deprecated
    @Override
    public ChannelFuture register(Channel channel, ChannelPromise promise) {
        channel.unsafe().register(this, promise);
        return promise;
    }

    @Override
    public boolean isCompatible(Class<? extends IoHandle> handleType) {
        return handler.isCompatible(handleType);
    }

    @Override
    public boolean isIoType(Class<? extends IoHandler> handlerType) {
        return handler.getClass().equals(handlerType);
    }

    // ---- shutdown: the quiet period is not kept (the client closes its connections before its loops) ----

    @Override
    public Future<?> shutdownGracefully(long quietPeriod, long timeout, TimeUnit unit) {
        if (state.compareAndSet(RUNNING, SHUTTING_DOWN)) {
            Thread current = holder.get();
            if (current == null) {
                background.takeNow();
            } else {
                handler.wakeup(); // a caller holding it sees the shutdown and frees it; free() then wakes the background driver
                background.takeNow();
            }
        }
        return terminated;
    }

    @Deprecated
    @Override
    public void shutdown() {
        shutdownGracefully(0, 0, TimeUnit.SECONDS);
    }

    @Override
    public Future<?> terminationFuture() {
        return terminated;
    }

    @Override
    public boolean isShuttingDown() {
        return state.get() != RUNNING;
    }

    @Override
    public boolean isShutdown() {
        return state.get() != RUNNING;
    }

    @Override
    public boolean isTerminated() {
        return state.get() == TERMINATED;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }
}
