package io.fastpath.internal.client;

import io.fastpath.internal.callerio.CallerDrivenLoop;
import io.fastpath.internal.connection.CommandFuture;
import java.util.ArrayDeque;

/**
 * Per calling thread, under caller-driven I/O: the blocking commands it gave up (a timeout, an interrupt) that may
 * still reach the server, on their connection, after its next commands. An idle caller may take any free connection,
 * where its next command could overtake one it gave up (FaultsIT's paused server saw a GET read a SET its caller had
 * given up on, which ran after that caller's next SET on another connection). So while one is unsettled the thread
 * is not idle, and its commands stay where the first of them went: on that command's connection when the caller drove
 * it ({@link #stickyLoop}, every later one then goes there too), else on their keys' own connections, as without
 * caller-driven I/O. A command settles when its connection reads its late reply, drops it unwritten or is lost
 * ({@link CommandFuture#settled}); one that never does (abandoned while waiting to be retried) keeps the thread there,
 * which costs only speed.
 *
 * <p>Thread ownership: each thread its own record; only the failure path of a blocking call adds to it.
 */
final class AbandonedCommands {
    private static final ThreadLocal<AbandonedCommands> BY_THREAD = new ThreadLocal<>();
    /** Abandoned commands remembered per thread, at most: one that never settles must not hold memory for ever. */
    private static final int MAX_REMEMBERED = 64;

    private final ArrayDeque<CommandFuture<?>> commands = new ArrayDeque<>();
    /** The loop of the first unsettled command, if its caller drove it: the thread's commands go there until all settle. */
    private CallerDrivenLoop stickyLoop;

    private AbandonedCommands() {}

    /** The calling thread gave {@code command} up before the server answered it. */
    static void add(CommandFuture<?> command) {
        AbandonedCommands abandoned = BY_THREAD.get();
        if (abandoned == null) {
            abandoned = new AbandonedCommands();
            BY_THREAD.set(abandoned);
        }
        if (abandoned.commands.isEmpty()) {
            abandoned.stickyLoop = command.drivenBy(); // later ones all go where this one went, so they stay behind it
        }
        if (abandoned.commands.size() == MAX_REMEMBERED) {
            abandoned.commands.poll(); // a thread that keeps giving up on a hung server: the oldest is long behind the rest
        }
        abandoned.commands.add(command);
    }

    /** Whether every command the calling thread gave up has settled (forgetting those that have). */
    static boolean allSettled() {
        AbandonedCommands abandoned = BY_THREAD.get();
        if (abandoned == null) {
            return true;
        }
        abandoned.commands.removeIf(CommandFuture::settled);
        if (abandoned.commands.isEmpty()) {
            BY_THREAD.remove();
            return true;
        }
        return false;
    }

    /** The loop the calling thread's commands must go to while some it gave up are unsettled, or null (their keys' own). */
    static CallerDrivenLoop stickyLoop() {
        return allSettled() ? null : BY_THREAD.get().stickyLoop;
    }
}
