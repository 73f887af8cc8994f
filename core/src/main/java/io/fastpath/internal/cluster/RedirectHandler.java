package io.fastpath.internal.cluster;

import io.fastpath.RedisEvent;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisRedirectException;
import io.fastpath.Reply;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.ErrorInterceptor;
import io.fastpath.internal.connection.EventDispatcher;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Follows cluster redirects and retries transient refusals, using only the command's own error reply:
 * the server did not execute it, and it has left its connection's FIFO, so the same future is sent
 * again with its deadline unchanged. A lost connection never reaches here (its outcome is unknown).
 *
 * <ul>
 *   <li>MOVED: patch the slot entry, ask for a refresh, send to the new owner.
 *   <li>ASK: send ASKING and the command back to back to the importing node; the table is unchanged.
 *   <li>TRYAGAIN, CLUSTERDOWN, LOADING, MASTERDOWN, READONLY (a demoted primary): back off and route
 *       again while the deadline allows; CLUSTERDOWN and READONLY also ask for a refresh.
 * </ul>
 *
 * <p>Thread ownership: runs on the event loop that read the error reply.
 */
final class RedirectHandler implements ErrorInterceptor {
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final ClusterRouter router;
    private final int maxRedirects;
    private final EventDispatcher events;
    /** Commands between a transient refusal and their retry; any thread (event loops add, close drains). */
    private final Set<CommandFuture<?>> waitingToRetry = ConcurrentHashMap.newKeySet();

    RedirectHandler(ClusterRouter router, int maxRedirects, EventDispatcher events) {
        this.router = router;
        this.maxRedirects = maxRedirects;
        this.events = events;
    }

    @Override
    public boolean intercept(CommandFuture<?> command, Reply.ErrorReply error, Connection from) {
        if (router.isClosed()) {
            return false;
        }
        String message = error.message();
        boolean moved = message.startsWith("MOVED ");
        if (moved || message.startsWith("ASK ")) {
            return redirect(command, message, moved, from);
        }
        String code = error.code();
        switch (code) {
            case "CLUSTERDOWN", "READONLY" -> {
                router.refresher.requestSoon();
                return retryLater(command, from);
            }
            case "TRYAGAIN", "LOADING", "MASTERDOWN" -> {
                return retryLater(command, from);
            }
            default -> {
                return false;
            }
        }
    }

    private boolean redirect(CommandFuture<?> command, String message, boolean moved, Connection from) {
        String[] parts = message.split(" ");
        if (parts.length < 3) {
            return false;
        }
        if (command.countRedirect() > maxRedirects) {
            router.refresher.requestSoon();
            command.replaceFailure(new RedisRedirectException(command.spec().name() + " was redirected more than "
                    + maxRedirects + " times (maxRedirects) and was not sent again; last redirect: " + message
                    + ". The cluster is probably reconfiguring; the command was not executed by the last node.", message));
            return false;
        }
        int slot;
        Endpoint target;
        try {
            slot = Integer.parseInt(parts[1]);
            target = endpointOf(parts[2], from.endpoint());
        } catch (NumberFormatException malformed) {
            return false;
        }
        ClusterNode node = router.nodes.nodeFor(target);
        if (moved) {
            router.nodes.moved(slot, node);
            router.refresher.requestSoon();
        }
        events.publish(new RedisEvent.Redirected(from.endpoint().toString(), moved ? "MOVED" : "ASK",
                slot, target.toString()));
        command.prepareResend(!moved);
        node.connections.routeSlot(slot, false).send(command);
        return true;
    }

    /** Backs off (5 ms doubling to 200 ms, jittered) and routes again, unless the deadline comes first. */
    private boolean retryLater(CommandFuture<?> command, Connection from) {
        int attempt = command.countRetry();
        long delay = Math.min(MAX_BACKOFF_NANOS, FIRST_BACKOFF_NANOS << Math.min(attempt - 1, 10));
        delay = delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
        if (command.deadlineNanos() - System.nanoTime() <= delay) {
            return false; // no time left for another attempt: the caller gets this error
        }
        command.prepareResend(false);
        waitingToRetry.add(command);
        try {
            from.eventLoop().schedule(() -> {
                if (waitingToRetry.remove(command) && !command.isDone()) {
                    router.resend(command, from);
                }
            }, delay, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            waitingToRetry.remove(command);
            return false;
        }
        return true;
    }

    /** On close: a retry that has not run yet would never run once the event loops stop, so it fails now. */
    void failWaitingRetries() {
        for (CommandFuture<?> command : waitingToRetry) {
            if (waitingToRetry.remove(command)) {
                command.completeExceptionally(new RedisNotSentException(command.spec().name(),
                        "the client was closed while the command waited to be retried", null));
            }
        }
    }

    /** {@code host:port}; an empty host (the node does not know its address) means the node that answered. */
    static Endpoint endpointOf(String hostAndPort, Endpoint answering) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            throw new NumberFormatException(hostAndPort);
        }
        String host = hostAndPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new Endpoint(host.isEmpty() ? answering.host() : host, Integer.parseInt(hostAndPort.substring(colon + 1)));
    }
}
