package io.fastpath.internal.connection;

import io.fastpath.CommandListener;
import io.fastpath.ObservedClient;
import io.fastpath.ObservedCommand;
import io.fastpath.ObservedConnection;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client's side of its {@link CommandListener} and slow-command log: one per client, null when neither
 * is set, so a client without one pays a null check per step and nothing else (no clock read, no call).
 * Every call into the listener is guarded: a listener that throws is logged once and ignored.
 *
 * <p>The moments it is told of, and where (the hook's call sites, kept few for the hot path's sake):
 * {@link ObservedFuture#observeStart} from {@code Connection.send}, {@link ObservedFuture#observeWritten} from
 * {@code CommandWriter.add}, {@link ObservedFuture#observeReply} from {@code ConnectionHandler.onReply}, and
 * completion inside the complete methods of {@link CommandFuture}'s superclass, {@code ObservedFuture}.
 *
 * <p>Thread-safe: called from callers' threads, I/O threads and the completion executor.
 */
public final class CommandObserver {
    private static final System.Logger LOG = System.getLogger(CommandObserver.class.getName());

    private final CommandListener listener;
    /** False when only the slow-command log is on: the listener calls are skipped. */
    private final boolean listening;
    /** Null when the slow-command log is off. */
    private final SlowCommandLog slowLog;
    private final ObservedClient client;
    private final AtomicBoolean failureLogged = new AtomicBoolean();

    private CommandObserver(CommandListener listener, SlowCommandLog slowLog, ObservedClient client) {
        this.listener = listener;
        this.listening = listener != CommandListener.NONE;
        this.slowLog = slowLog;
        this.client = client;
    }

    /** The observer for a client, or null when there is nothing to observe for ({@code NONE} and no threshold). */
    public static CommandObserver of(CommandListener listener, Duration slowCommandThreshold, ObservedClient client) {
        if (listener == CommandListener.NONE && slowCommandThreshold == null) {
            return null;
        }
        return new CommandObserver(listener, slowCommandThreshold == null ? null : new SlowCommandLog(slowCommandThreshold), client);
    }

    public ObservedClient client() {
        return client;
    }

    // ---- per command (hot path: no allocation here) ----

    Object started(ObservedCommand command) {
        if (!listening) {
            return null;
        }
        try {
            return listener.commandStarted(command);
        } catch (RuntimeException failed) {
            listenerFailed("commandStarted", failed);
            return null;
        }
    }

    void written(ObservedCommand command) {
        if (listening) {
            try {
                listener.commandWritten(command);
            } catch (RuntimeException failed) {
                listenerFailed("commandWritten", failed);
            }
        }
    }

    void replied(ObservedCommand command) {
        if (listening) {
            try {
                listener.replyReceived(command);
            } catch (RuntimeException failed) {
                listenerFailed("replyReceived", failed);
            }
        }
    }

    void completed(ObservedCommand command) {
        if (listening) {
            try {
                listener.commandCompleted(command);
            } catch (RuntimeException failed) {
                listenerFailed("commandCompleted", failed);
            }
        }
        if (slowLog != null) {
            slowLog.check(command);
        }
    }

    /** A read answered from the client-side cache (caller thread). */
    public void cacheHit(String commandName) {
        if (listening) {
            try {
                listener.cacheHit(client, commandName);
            } catch (RuntimeException failed) {
                listenerFailed("cacheHit", failed);
            }
        }
    }

    // ---- life cycle and gauges (rare) ----

    public void clientStarted() {
        call("clientStarted", () -> listener.clientStarted(client));
    }

    public void clientClosed() {
        call("clientClosed", () -> listener.clientClosed(client));
    }

    void connectionOpened(ObservedConnection connection) {
        call("connectionOpened", () -> listener.connectionOpened(connection));
    }

    void connectionClosed(ObservedConnection connection) {
        call("connectionClosed", () -> listener.connectionClosed(connection));
    }

    void reconnectScheduled(ObservedConnection connection, int attempt) {
        call("reconnectScheduled", () -> listener.reconnectScheduled(connection, attempt));
    }

    public void topologyRefreshed(boolean applied) {
        call("topologyRefreshed", () -> listener.topologyRefreshed(client, applied));
    }

    private void call(String method, Runnable call) {
        if (!listening) {
            return;
        }
        try {
            call.run();
        } catch (RuntimeException failed) {
            listenerFailed(method, failed);
        }
    }

    /** Logged once per client: a listener failing on every command must not flood the log or slow the client. */
    private void listenerFailed(String method, RuntimeException failure) {
        if (failureLogged.compareAndSet(false, true)) {
            LOG.log(System.Logger.Level.WARNING, "the CommandListener " + listener.getClass().getName() + " threw in "
                    + method + "; the client carries on, and later failures of this listener are not logged", failure);
        }
    }
}
