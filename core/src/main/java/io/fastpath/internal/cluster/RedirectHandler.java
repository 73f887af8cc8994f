package io.fastpath.internal.cluster;

import io.fastpath.RedisEvent;
import io.fastpath.RedisNotSentException;
import io.fastpath.RedisRedirectException;
import io.fastpath.command.Reply;
import io.fastpath.internal.connection.CommandFuture;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.ErrorInterceptor;
import io.fastpath.internal.connection.EventDispatcher;
import io.fastpath.internal.connection.RefusalRetries;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Follows cluster redirects and retries transient refusals, using only the command's own error reply:
 * the server did not execute it, and it has left its connection's FIFO, so the same future is sent
 * again with its deadline unchanged. A lost connection never reaches here (its outcome is unknown).
 *
 * <ul>
 *   <li>MOVED: patch the slot entry, ask for a refresh, send to the new owner.
 *   <li>ASK: send ASKING and the command back to back to the importing node; the table is unchanged.
 *   <li>MOVED or ASK to a node the topology does not list: refresh first, follow only if the refreshed
 *       topology lists it, otherwise fail with {@link RedisRedirectException} naming it; no connection is
 *       ever opened to it (unless the user turned on {@code redirectsOutsideTopology}).
 *   <li>TRYAGAIN, CLUSTERDOWN, LOADING, MASTERDOWN, READONLY (a demoted primary): back off and route
 *       again while the deadline allows; CLUSTERDOWN and READONLY also ask for a refresh.
 * </ul>
 *
 * <p>Thread ownership: runs on the event loop that read the error reply (a redirect waiting for a refresh
 * resumes there too).
 */
final class RedirectHandler implements ErrorInterceptor {
    /**
     * Refreshes a MOVED to an unknown node waits for before the command fails: right after a failover the node a
     * refresh asks may still list the promoted replica as a replica (gossip lag; ClusterFaultCatalogueIT saw it
     * under load), while the node that redirected already knows it. Spaced by the refresher's minimum interval.
     */
    private static final int REFRESHES_BEFORE_REFUSING = 3;

    private final ClusterRouter router;
    private final int maxRedirects;
    /** The user's choice for NAT/proxy set-ups: follow a redirect to a node the topology does not list. */
    private final boolean redirectsOutsideTopology;
    private final EventDispatcher events;
    /** Commands between a transient refusal (or a redirect waiting for a refresh) and their retry. */
    private final RefusalRetries waitingToRetry = new RefusalRetries();

    RedirectHandler(ClusterRouter router, int maxRedirects, boolean redirectsOutsideTopology, EventDispatcher events) {
        this.router = router;
        this.maxRedirects = maxRedirects;
        this.redirectsOutsideTopology = redirectsOutsideTopology;
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
        ClusterNode node = redirectsOutsideTopology ? router.nodes.nodeFor(target) : router.nodes.known(target);
        if (node == null) {
            return followOnceKnown(command, message, moved, slot, target, from, 1);
        }
        follow(command, moved, slot, node, from);
        return true;
    }

    private void follow(CommandFuture<?> command, boolean moved, int slot, ClusterNode node, Connection from) {
        if (moved) {
            router.nodes.moved(slot, node);
            router.refresher.requestSoon();
        }
        events.publish(new RedisEvent.Redirected(from.endpoint().toString(), moved ? "MOVED" : "ASK",
                slot, node.endpoint.toString()));
        command.prepareResend(!moved);
        node.connections.routeSlot(slot).send(command);
    }

    /**
     * A redirect to a node the topology does not list: no connection is opened to it (that would send the
     * credentials to whatever answers there). The topology is refreshed first; the command follows only if
     * the refreshed topology lists the node, and otherwise fails naming it, at the latest at its deadline.
     */
    private boolean followOnceKnown(CommandFuture<?> command, String message, boolean moved, int slot, Endpoint target,
                                    Connection from, int refreshes) {
        command.prepareResend(!moved);
        waitingToRetry.add(command);
        ScheduledFuture<?> atDeadline;
        try {
            long untilDeadline = command.deadlineNanos() - System.nanoTime();
            atDeadline = from.eventLoop().schedule(() -> {
                if (waitingToRetry.remove(command)) {
                    command.completeExceptionally(outsideTopology(command, message, target,
                            "the topology refresh it triggered did not finish within the command's deadline"));
                }
            }, Math.max(0, untilDeadline), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            waitingToRetry.remove(command);
            return false;
        }
        router.refresher.refreshAndAwait().whenComplete((ignored, failure) -> {
            atDeadline.cancel(false); // whatever happens next, the deadline timer has nothing left to do
            try {
                from.eventLoop().execute(() -> {
                    if (!waitingToRetry.remove(command)) {
                        return; // the deadline or close came first
                    }
                    if (command.isDone()) {
                        command.settle(); // given up while it waited: dropped, it can no longer run
                        return;
                    }
                    ClusterNode node = router.nodes.known(target);
                    if (node == null && refreshes < REFRESHES_BEFORE_REFUSING
                            && followOnceKnown(command, message, moved, slot, target, from, refreshes + 1)) {
                        return; // the node asked may not have heard of a failover yet: ask again, within the deadline
                    }
                    if (node == null) {
                        command.completeExceptionally(outsideTopology(command, message, target,
                                "the refreshed topology does not list it either (" + refreshes + " refreshes)"));
                    } else {
                        follow(command, moved, slot, node, from);
                    }
                });
            } catch (RejectedExecutionException shuttingDown) {
                // the client is closing: failWaitingRetries fails the command
            }
        });
        return true;
    }

    private static RedisRedirectException outsideTopology(CommandFuture<?> command, String message, Endpoint target,
                                                          String why) {
        return new RedisRedirectException(command.spec().name() + " was redirected (" + message + ") to " + target
                + ", which is not in the cluster topology, and " + why + "; the command was not sent there and not"
                + " executed. No connection is opened to a node outside the topology; behind NAT or a proxy, see"
                + " RedisClientBuilder.redirectsOutsideTopology(true).", message);
    }

    /** Backs off (5 ms doubling to 200 ms, jittered) and routes again, unless the deadline comes first. */
    private boolean retryLater(CommandFuture<?> command, Connection from) {
        return waitingToRetry.retryLater(command, from, retried -> router.resend(retried, from));
    }

    /** On close: a retry that has not run yet would never run once the event loops stop, so it fails now. */
    void failWaitingRetries() {
        waitingToRetry.failAll("the client was closed while the command waited to be retried");
    }

    /**
     * A MOVED or ASK that a command on a leased connection got (a blocking command must never go to a node's shared
     * connections, so its sender leases one of the new node's and sends it again), or a MOVED seen outside the
     * command path (pub/sub): patches the slot table for MOVED when the topology lists the node (or the user allowed
     * redirects outside it), asks for a refresh, and returns the node to send to; null when the reply is no redirect,
     * the command was redirected {@code maxRedirects} times already, or it names a node the topology does not list.
     */
    Endpoint leasedRedirect(String message, Endpoint answering, int redirectsSoFar) {
        boolean moved = message.startsWith("MOVED ");
        String[] parts = message.split(" ");
        if (!(moved || message.startsWith("ASK ")) || parts.length < 3 || router.isClosed()) {
            return null;
        }
        router.refresher.requestSoon();
        int slot;
        Endpoint target;
        try {
            slot = Integer.parseInt(parts[1]);
            target = endpointOf(parts[2], answering);
        } catch (NumberFormatException malformed) {
            return null;
        }
        ClusterNode node = redirectsOutsideTopology ? router.nodes.nodeFor(target) : router.nodes.known(target);
        if (node == null) {
            return null; // a node outside the topology gets no connection (credentials)
        }
        if (moved) {
            router.nodes.moved(slot, node);
        }
        if (redirectsSoFar >= maxRedirects) {
            return null;
        }
        events.publish(new RedisEvent.Redirected(answering.toString(), moved ? "MOVED" : "ASK", slot, node.endpoint.toString()));
        return node.endpoint;
    }

    /**
     * {@code host:port}, the host a hostname when nodes prefer hostnames; an empty host or {@code ?} (the node's
     * endpoint is unknown, {@code cluster-preferred-endpoint-type unknown-endpoint}) means the node that answered.
     */
    static Endpoint endpointOf(String hostAndPort, Endpoint answering) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < 0) {
            throw new NumberFormatException(hostAndPort);
        }
        String host = hostAndPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new Endpoint(ClusterTopologyParser.isUsableHost(host) ? host : answering.host(), Integer.parseInt(hostAndPort.substring(colon + 1)));
    }
}
