package io.fastpath.internal.client;

import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.connection.CallerCommands;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.routing.SlotHash;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * The N connections to one server. A keyed command goes to connection {@code slot & (N-1)}, so one
 * key's commands from one thread always share a connection and stay in order; a keyless command goes
 * by the calling thread, which keeps one thread's keyless commands in order too.
 *
 * <p>Congestion detour: when that connection is busy receiving a large reply (or cannot write), a
 * caller with nothing that may still run takes another connection, preferably on another event loop. Nothing of
 * that caller can be overtaken, and its later commands follow the detoured one there until it is idle again (its
 * lane, {@link CallerCommands}), so per-thread order still holds. Justified by benchmark scenario (d),
 * LargeValueScenario: small GETs stuck behind a 5 MB reply on a shared connection.
 *
 * <p>On a host's event loops (internal.hosted, fastpath-vertx) a command sent from one of those loops goes to the
 * connection on that loop, keyed or not: it never leaves the caller's thread, and one loop's commands keep their call
 * order across keys (benchmark scenario j: a verticle's GET no longer crosses to another thread and back).
 */
public final class NodeConnections {
    static {
        // Initialized with the client, not by the first command that hashes a key: idle callers skip the hash, so that
        // could be a crowd of virtual threads, and one waiting for a class being initialized is pinned to its carrier
        // (CallerDrivenVirtualCallersTest)
        SlotHash.slot(new byte[0]);
    }

    private final Connection[] connections;
    private final int mask;
    /** Hosted on a framework's event loops: prefer the calling loop's connection. */
    private final boolean routeByCallingLoop;

    public NodeConnections(Connection[] connections) {
        if (Integer.bitCount(connections.length) != 1) {
            throw new IllegalArgumentException("the connection count must be a power of two, got " + connections.length);
        }
        this.connections = connections.clone();
        this.mask = connections.length - 1;
        this.routeByCallingLoop = connections[0].routesByCallingLoop();
    }

    public Connection forKey(byte[] routingKey) {
        if (routingKey == null) {
            return connections[(int) Thread.currentThread().getId() & mask];
        }
        return connections[SlotHash.slot(routingKey) & mask];
    }

    /**
     * {@link #forKey}, never a detour: for the client's own commands (handshakes, PINGs, fills, refreshes, re-sends),
     * which no caller's order depends on. A caller's command goes through {@link #send}.
     */
    public Connection route(byte[] routingKey) {
        Connection local = routeByCallingLoop ? onCallingLoop() : null;
        return local != null ? local : forKey(routingKey);
    }

    /** As {@link #route} for a slot already computed (cluster routing); a negative slot routes by thread. */
    public Connection routeSlot(int slot) {
        Connection local = routeByCallingLoop ? onCallingLoop() : null;
        return local != null ? local : forSlot(slot);
    }

    /**
     * Sends a caller's command by its key ({@link #forKey}, or for an idle caller a detour around a congested connection)
     * and keeps the caller's order: an idle caller's command that takes another connection than its key's own makes it
     * the caller's lane, and while the caller is not idle its commands go to its lane (see {@link CallerCommands};
     * {@code callerIdle} as it read before counting this one).
     */
    public void send(CommandFuture<?> command, boolean callerIdle) {
        pick(command, forKey(command.spec().routingKey()), callerIdle).send(command);
    }

    /** As {@link #send} for a slot already computed (cluster routing); a negative slot routes by thread. */
    public void sendSlot(CommandFuture<?> command, int slot, boolean callerIdle) {
        pick(command, forSlot(slot), callerIdle).send(command);
    }

    private Connection forSlot(int slot) {
        return slot < 0 ? connections[(int) Thread.currentThread().getId() & mask] : connections[slot & mask];
    }

    /** The connection for a caller's command whose key's own is {@code home} (see {@link #send}). */
    private Connection pick(CommandFuture<?> command, Connection home, boolean callerIdle) {
        Connection local = routeByCallingLoop ? onCallingLoop() : null;
        if (local != null) {
            return local; // one loop's commands never leave it: its thread's order holds without a lane
        }
        CallerCommands caller = command.caller();
        if (caller == null) {
            return home;
        }
        if (!callerIdle) {
            Connection lane = laneHere(caller);
            return lane != null ? lane : home;
        }
        Connection chosen = detour(home);
        if (chosen != home) {
            caller.lane(chosen); // the caller's next commands follow it there while it may still run
        }
        return chosen;
    }

    /** The caller's lane when it is one of this node's connections, or null (its commands then go by key). */
    private Connection laneHere(CallerCommands caller) {
        Connection lane = caller.lane();
        if (lane != null) {
            for (Connection connection : connections) {
                if (connection == lane) {
                    return lane;
                }
            }
        }
        return null;
    }

    /**
     * Caller-driven I/O: sends {@code command} on a connection whose loop the calling thread now holds (taken free, see
     * {@link #holdFreeLoop}), marked so its caller drives that loop until the reply ({@code DrivenWait}); false, with
     * nothing sent, when no loop could be taken (the caller then sends as usual). {@code slot} as for {@link #sendSlot}.
     * A caller that is not idle sends on its lane, if it has one here (driven when its loop is free, else queued there).
     */
    public boolean sendDriving(CommandFuture<?> command, int slot, boolean callerIdle) {
        CallerCommands caller = command.caller();
        if (!callerIdle && caller != null) {
            Connection lane = laneHere(caller);
            if (lane != null) {
                // Behind a command of this thread that may still run there (one it gave up): driven if free, else queued
                CallerDrivenLoop loop = (CallerDrivenLoop) lane.eventLoop();
                if (loop.tryHold(Thread.currentThread()) || loop.holdFromBackground(Thread.currentThread())) {
                    sendHeld(command, lane);
                } else {
                    lane.send(command);
                }
                return true;
            }
        }
        Connection held = holdFreeLoop(slot, callerIdle);
        if (held == null) {
            return false;
        }
        if (callerIdle && caller != null) {
            caller.lane(held); // an idle caller's pick is not by key: should it give this command up, the next go here too
        }
        sendHeld(command, held);
        return true;
    }

    /** Sends {@code command} on {@code held}, whose loop the calling thread holds and drives until the reply. */
    private static void sendHeld(CommandFuture<?> command, Connection held) {
        CallerDrivenLoop loop = (CallerDrivenLoop) held.eventLoop();
        command.drivenBy(loop); // the caller's wait drives it (and frees it)
        try {
            held.send(command); // from the holder: the drain is queued without a wake-up
        } catch (RuntimeException | Error unexpected) {
            loop.free(); // the wait that would free it is never reached
            throw unexpected;
        }
    }

    /**
     * A connection whose loop the calling thread now holds (taken free, see {@link CallerDrivenLoop}), or null when
     * none could be taken. First the slot's own connection, or for an idle caller (and a negative slot) its thread's
     * own, as {@link #routeSlot} picks by thread; a caller with nothing in flight may take any free one (nothing of it can be overtaken, so per-thread order holds, as
     * for the congestion detour; a command it gave up that may still run keeps it from being idle: CallerCommands); then the slot's own from the background driver, if it only watches it. Every
     * connection of a node is caller-driven or none.
     */
    private Connection holdFreeLoop(int slot, boolean callerIdle) {
        Thread caller = Thread.currentThread();
        // An idle caller starts from its thread's own connection: callers fewer than the connections then each keep
        // driving one of their own instead of meeting on the connection of whichever key they ask for
        Connection home = slot < 0 || callerIdle ? connections[(int) caller.getId() & mask] : connections[slot & mask];
        if (!(home.eventLoop() instanceof CallerDrivenLoop homeLoop)) {
            return null;
        }
        if (homeLoop.tryHold(caller)) {
            return home;
        }
        if (callerIdle) {
            for (Connection candidate : connections) {
                if (candidate != home && ((CallerDrivenLoop) candidate.eventLoop()).tryHold(caller)) {
                    return candidate;
                }
            }
        }
        // None free: the background driver may hold the slot's loop only to watch it while idle, and hands it over when asked
        return homeLoop.holdFromBackground(caller) ? home : null;
    }

    /** The connection running on the calling thread's event loop, or null when the caller is not on one of them. */
    private Connection onCallingLoop() {
        Thread caller = Thread.currentThread();
        if (!(caller instanceof FastThreadLocalThread)) {
            return null; // Netty's (and Vert.x's) event loop threads are all FastThreadLocalThreads
        }
        for (Connection connection : connections) {
            if (connection.eventLoop().inEventLoop(caller)) {
                return connection;
            }
        }
        return null;
    }

    /** For an idle caller only: nothing of its can be overtaken, and its lane (CallerCommands) keeps its next ones behind. */
    private Connection detour(Connection home) {
        if (!home.isCongested() || connections.length == 1) {
            return home;
        }
        Connection sameLoopFallback = null;
        for (Connection candidate : connections) {
            if (candidate == home || candidate.isCongested()) {
                continue;
            }
            if (candidate.eventLoop() != home.eventLoop()) {
                return candidate;
            }
            if (sameLoopFallback == null) {
                sameLoopFallback = candidate;
            }
        }
        return sameLoopFallback != null ? sameLoopFallback : home;
    }

    /** True when at least one connection has finished its handshake and is not known to be lost. */
    public boolean isReady() {
        for (Connection connection : connections) {
            if (connection.isReady()) {
                return true;
            }
        }
        return false;
    }

    /** The server these connections go to. */
    public Endpoint endpoint() {
        return connections[0].endpoint();
    }

    public Connection[] all() {
        return connections.clone();
    }

    public int size() {
        return connections.length;
    }
}
