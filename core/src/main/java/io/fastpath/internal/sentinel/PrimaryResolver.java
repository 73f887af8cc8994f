package io.fastpath.internal.sentinel;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisServerException;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Finds the primary: asks every Sentinel {@code SENTINEL GET-MASTER-ADDR-BY-NAME} (those with a live
 * connection first), stops listening once more than half of them named one address or all have answered,
 * then verifies the candidates with {@code ROLE}, the address most Sentinels named first, and takes the
 * first that says {@code master}. So one stale Sentinel is outvoted, a demoted or dead node is passed
 * over, and a Sentinel that is down only costs its share of the answers.
 *
 * <p>Thread-safe: one instance per resolve; callbacks arrive on any event loop.
 */
final class PrimaryResolver {
    private final List<SentinelLink> links;
    private final SentinelConfig config;
    private final ClientResources resources;
    private final CompletableFuture<List<Endpoint>> candidates = new CompletableFuture<>();
    // Guarded by this.
    private final Map<Endpoint, Integer> votes = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private int answered;
    /** Set when an answer is missing for a reason that may pass (a timeout, a connection not up yet). */
    private boolean inconclusive;

    private PrimaryResolver(List<SentinelLink> links, SentinelConfig config, ClientResources resources) {
        this.links = links;
        this.config = config;
        this.resources = resources;
    }

    /** Completes with a verified primary, or fails with a {@link RedisConnectionException} saying what each Sentinel answered. */
    static CompletableFuture<Endpoint> resolve(List<SentinelLink> links, SentinelConfig config, ClientResources resources) {
        if (links.isEmpty()) {
            return CompletableFuture.failedFuture(new RedisConnectionException(config.primaryName(), "no Sentinel is known", null));
        }
        PrimaryResolver resolver = new PrimaryResolver(links, config, resources);
        resolver.ask();
        return resolver.candidates.thenCompose(found -> resolver.verify(found, 0));
    }

    private void ask() {
        List<SentinelLink> ordered = new ArrayList<>();
        links.stream().filter(SentinelLink::isReady).forEach(ordered::add);
        links.stream().filter(link -> !link.isReady()).forEach(ordered::add);
        long deadline = System.nanoTime() + config.queryTimeoutNanos();
        for (SentinelLink link : ordered) {
            link.query(deadline, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", config.primaryName())
                    .whenComplete((reply, failure) -> {
                        Endpoint named = failure == null ? SentinelReplies.primaryAddress(reply) : null;
                        if (failure != null && !refusedByTheServer(failure)) {
                            markInconclusive();
                        }
                        record(link, named, failure == null ? "does not monitor a primary named '" + config.primaryName() + "'"
                                : describe(failure));
                    });
        }
    }

    private void record(SentinelLink link, Endpoint named, String whyNot) {
        List<Endpoint> decided = null;
        synchronized (this) {
            answered++;
            if (named == null) {
                notes.add("Sentinel " + link.endpoint + " " + whyNot);
            } else {
                int count = votes.merge(named, 1, Integer::sum);
                if (count * 2 > links.size() || answered == links.size()) {
                    decided = byVotes();
                }
            }
            if (decided == null && answered == links.size()) {
                decided = byVotes();
            }
        }
        if (decided != null) {
            candidates.complete(decided);
        }
    }

    // Guarded by this.
    private List<Endpoint> byVotes() {
        List<Endpoint> ordered = new ArrayList<>(votes.keySet()); // first named first among equals
        ordered.sort((a, b) -> votes.get(b) - votes.get(a));
        return ordered;
    }

    private CompletableFuture<Endpoint> verify(List<Endpoint> found, int index) {
        if (index >= found.size()) {
            String summary;
            synchronized (this) {
                summary = String.join("; ", notes);
            }
            boolean retry;
            synchronized (this) {
                retry = inconclusive;
            }
            return CompletableFuture.failedFuture(new PrimaryNotFound(config.primaryName(), "no Sentinel named a "
                    + "primary that confirms it with ROLE (" + (summary.isEmpty() ? "no answer" : summary) + ")", retry));
        }
        Endpoint candidate = found.get(index);
        return RoleCheck.probe(candidate, config.dataSettings(), resources, config.queryTimeoutNanos())
                .handle((role, failure) -> {
                    if (RoleCheck.PRIMARY.equals(role)) {
                        return CompletableFuture.completedFuture(candidate);
                    }
                    synchronized (this) {
                        inconclusive |= failure != null && !refusedByTheServer(failure);
                        notes.add(candidate + " named by " + votes.get(candidate) + " Sentinel(s) "
                                + (failure != null ? "could not be asked ROLE (" + describe(failure) + ")" : "says ROLE " + role));
                    }
                    return verify(found, index + 1);
                })
                .thenCompose(next -> next);
    }

    private synchronized void markInconclusive() {
        inconclusive = true;
    }

    /** True when a server's own reply (WRONGPASS, NOAUTH, an unknown command...) caused it: asking again will not help. */
    private static boolean refusedByTheServer(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof RedisServerException) {
                return true;
            }
        }
        return false;
    }

    /** No primary found; {@link #worthRetrying} when some answer was missing for a reason that may pass. */
    static final class PrimaryNotFound extends RedisConnectionException {
        private static final long serialVersionUID = 1L;
        final boolean worthRetrying;

        PrimaryNotFound(String primaryName, String message, boolean worthRetrying) {
            super(primaryName, message, null);
            this.worthRetrying = worthRetrying;
        }
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }
}
