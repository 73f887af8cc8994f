package io.fastpath.internal.sentinel;

import io.fastpath.RedisConnectionException;
import io.fastpath.RedisServerException;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * Finds the primary: asks every Sentinel {@code SENTINEL GET-MASTER-ADDR-BY-NAME} and, for the
 * configuration epoch of its answer, {@code SENTINEL MASTER} (answers arrive within a second or count as
 * missing), then verifies the candidates with {@code ROLE} and takes the first that says {@code master}.
 * Candidates are tried newest configuration first, then by how many Sentinels named them: the leader of
 * a failover names the promoted replica (with the new epoch) while the others still name the old primary
 * for a moment, and a Sentinel cut off during a failover keeps an old one. Answers older than the newest
 * configuration this client already followed ({@code minEpoch}) are not taken at all. A demoted or dead
 * node is passed over, and a Sentinel that is down only costs its share of the answers.
 *
 * <p>Thread-safe: one instance per resolve; callbacks arrive on any event loop.
 */
final class PrimaryResolver {
    /** A verified primary and the configuration epoch the Sentinels that named it gave. */
    record Resolved(Endpoint primary, long epoch) {}

    private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final List<SentinelLink> links;
    private final SentinelConfig config;
    private final ClientResources resources;
    private final long minEpoch;
    private final CompletableFuture<List<Endpoint>> candidates = new CompletableFuture<>();
    // Guarded by this.
    private final Map<Endpoint, Integer> votes = new LinkedHashMap<>();
    private final Map<Endpoint, Long> epochs = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private int answered;
    /** Set when an answer is missing for a reason that may pass (a timeout, a connection not up yet). */
    private boolean inconclusive;

    private PrimaryResolver(List<SentinelLink> links, SentinelConfig config, ClientResources resources, long minEpoch) {
        this.links = links;
        this.config = config;
        this.resources = resources;
        this.minEpoch = minEpoch;
    }

    /**
     * Completes with a verified primary, or fails with a {@link PrimaryNotFound} saying what each Sentinel
     * answered. {@code minEpoch}: the newest configuration epoch already followed (0 at start-up).
     */
    static CompletableFuture<Resolved> resolve(List<SentinelLink> links, SentinelConfig config, ClientResources resources,
                                               long minEpoch) {
        if (links.isEmpty()) {
            return CompletableFuture.failedFuture(new PrimaryNotFound(config.primaryName(), "no Sentinel is known", false));
        }
        PrimaryResolver resolver = new PrimaryResolver(links, config, resources, minEpoch);
        resolver.ask();
        return resolver.candidates.thenCompose(found -> resolver.verify(found, 0));
    }

    private void ask() {
        long deadline = System.nanoTime() + Math.min(config.queryTimeoutNanos(), MAX_WAIT_NANOS);
        for (SentinelLink link : links) {
            CompletableFuture<Reply> address = link.query(deadline, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", config.primaryName());
            CompletableFuture<Reply> master = link.query(deadline, "SENTINEL", "MASTER", config.primaryName());
            address.whenComplete((reply, failure) -> master.handle((details, noDetails) -> {
                Endpoint named = failure == null ? SentinelReplies.primaryAddress(reply) : null;
                if (failure != null && !refusedByTheServer(failure)) {
                    markInconclusive();
                }
                record(link, named, noDetails == null ? SentinelReplies.configEpoch(details) : 0, failure == null
                        ? "does not monitor a primary named '" + config.primaryName() + "'" : describe(failure));
                return null;
            }));
        }
    }

    private void record(SentinelLink link, Endpoint named, long epoch, String whyNot) {
        List<Endpoint> decided = null;
        synchronized (this) {
            answered++;
            if (named == null) {
                notes.add("Sentinel " + link.endpoint + " " + whyNot);
            } else if (epoch < minEpoch) {
                notes.add("Sentinel " + link.endpoint + " named " + named + " from configuration epoch " + epoch
                        + ", older than " + minEpoch + " already followed");
            } else {
                votes.merge(named, 1, Integer::sum);
                epochs.merge(named, epoch, Math::max);
            }
            if (answered == links.size()) {
                decided = ordered();
            }
        }
        if (decided != null) {
            candidates.complete(decided);
        }
    }

    /** Newest configuration first, then most named, then first named. Guarded by this. */
    private List<Endpoint> ordered() {
        List<Endpoint> ordered = new ArrayList<>(votes.keySet());
        ordered.sort((a, b) -> epochs.get(a).equals(epochs.get(b)) ? votes.get(b) - votes.get(a)
                : Long.compare(epochs.get(b), epochs.get(a)));
        return ordered;
    }

    private CompletableFuture<Resolved> verify(List<Endpoint> found, int index) {
        if (index >= found.size()) {
            String summary;
            boolean retry;
            synchronized (this) {
                summary = String.join("; ", notes);
                retry = inconclusive;
            }
            return CompletableFuture.failedFuture(new PrimaryNotFound(config.primaryName(), "no Sentinel named a "
                    + "primary that confirms it with ROLE (" + (summary.isEmpty() ? "no answer" : summary) + ")", retry));
        }
        Endpoint candidate = found.get(index);
        return RoleCheck.probe(candidate, config.dataSettings(), resources, config.queryTimeoutNanos())
                .handle((role, failure) -> {
                    if (RoleCheck.PRIMARY.equals(role)) {
                        synchronized (this) {
                            return CompletableFuture.completedFuture(new Resolved(candidate, epochs.get(candidate)));
                        }
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
