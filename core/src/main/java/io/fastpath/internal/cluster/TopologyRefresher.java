package io.fastpath.internal.cluster;

import io.fastpath.ReadPolicy;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Connection;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps the slot table fresh, off the command path. Triggers (MOVED, a lost connection, READONLY,
 * CLUSTERDOWN, a failed fan-out, a redirect to an unknown node, the periodic safety net) all call
 * {@link #requestSoon}: requests coalesce into one jittered refresh, at most one runs at a time, and
 * refreshes start at least {@link #MIN_INTERVAL_NANOS} apart. A refresh asks up to three random nodes
 * (connected ones first) and applies the answer that covers the most slots; nothing waits on it. While
 * a routed primary has no live connection, or the applied answer leaves a replica unplaced (listed outside its
 * shard), follow-up refreshes run sooner ({@link FollowUpRefreshes}: how often, and for how long).
 *
 * <p>Thread ownership: flags are atomics; the refresh itself runs on an event loop and its callbacks.
 */
final class TopologyRefresher {
    private static final int NODES_ASKED = 3;
    private static final long MIN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final long QUERY_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private static final System.Logger LOG = System.getLogger(TopologyRefresher.class.getName());
    private final ClusterRouter router;
    private final EventLoop loop;
    private final ClusterOptions options;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    private final FollowUpRefreshes followUps = new FollowUpRefreshes();
    private volatile long lastStartNanos = System.nanoTime();
    private volatile ScheduledFuture<?> periodic;
    /** Completed when the next refresh to start ends (applied or not); {@link #run} takes it as it starts. Any thread. */
    private final AtomicReference<CompletableFuture<Void>> nextRefreshEnded = new AtomicReference<>(new CompletableFuture<>());

    TopologyRefresher(ClusterRouter router, ClientResources resources, ClusterOptions options) {
        this.router = router;
        this.loop = resources.nextEventLoop();
        this.options = options;
    }

    /** Starts the periodic refresh; {@code initial}, the topology start-up applied, asks again soon if it left a replica unplaced. */
    void startPeriodic(ClusterTopology initial) {
        if (initial.unplacedReplicas() > 0) {
            followUp(followUps.next(FollowUpRefreshes.Reason.UNPLACED_REPLICA, System.nanoTime()));
        }
        // A second look soon after start-up: a cluster that was just created or changed may still be gossiping
        // roles, and LOWEST_LATENCY needs its first round trips measured.
        loop.schedule(this::requestSoon, 1, TimeUnit.SECONDS);
        long period = options.refreshPeriod().toNanos();
        periodic = loop.scheduleAtFixedRate(this::requestSoon, period, period, TimeUnit.NANOSECONDS);
    }

    void stop() {
        ScheduledFuture<?> task = periodic;
        if (task != null) {
            task.cancel(false);
        }
    }

    /**
     * Any thread: asks for a refresh and returns a future completed once a refresh that started after this
     * call has ended, applied or not (a redirect to an unknown node waits on it before deciding).
     */
    CompletableFuture<Void> refreshAndAwait() {
        CompletableFuture<Void> ended = nextRefreshEnded.get(); // before the request: the refresh it starts takes this one
        requestSoon();
        if (router.isClosed()) {
            ended.complete(null);
        }
        return ended;
    }

    /** Any thread: asks for a refresh within a few hundred milliseconds; repeated requests coalesce. */
    void requestSoon() {
        if (router.isClosed() || !scheduled.compareAndSet(false, true)) {
            return;
        }
        long sinceLast = System.nanoTime() - lastStartNanos;
        long jitter = TimeUnit.MILLISECONDS.toNanos(20 + ThreadLocalRandom.current().nextInt(80));
        long delay = Math.max(jitter, MIN_INTERVAL_NANOS - sinceLast);
        try {
            loop.schedule(this::run, delay, TimeUnit.NANOSECONDS);
        } catch (RuntimeException shuttingDown) {
            scheduled.set(false);
            nextRefreshEnded.get().complete(null); // no refresh will run: nobody waits for one
        }
    }

    private void run() {
        if (router.isClosed()) {
            scheduled.set(false);
            nextRefreshEnded.get().complete(null);
            return;
        }
        if (!running.compareAndSet(false, true)) {
            loop.schedule(this::run, 50, TimeUnit.MILLISECONDS); // stays scheduled: runs after the current one
            return;
        }
        scheduled.set(false); // from here on, a new trigger schedules another refresh after this one
        // Waiters that asked before this point are told when this refresh ends; later ones wait for the next.
        CompletableFuture<Void> ended = nextRefreshEnded.getAndSet(new CompletableFuture<>());
        lastStartNanos = System.nanoTime();
        List<ClusterNode> asked = router.nodes.refreshCandidates(NODES_ASKED);
        List<CompletableFuture<ClusterTopology>> answers = new ArrayList<>();
        long deadline = System.nanoTime() + QUERY_TIMEOUT_NANOS;
        for (ClusterNode node : asked) {
            Connection connection = node.connections.routeSlot(-1);
            answers.add(ClusterTopologyLoader.load(connection, deadline).exceptionally(failure -> null));
        }
        CompletableFuture.allOf(answers.toArray(new CompletableFuture<?>[0])).whenComplete((ignored, failure) -> {
            ClusterTopology best = null;
            for (CompletableFuture<ClusterTopology> answer : answers) {
                ClusterTopology topology = answer.getNow(null); // each failure was turned into null above
                if (topology != null && (best == null || isBetter(topology, best))) {
                    best = topology;
                }
            }
            boolean leftUnplaced = best != null && best.unplacedReplicas() > 0;
            try {
                if (best != null) {
                    apply(best);
                }
                if (router.observer() != null) {
                    router.observer().topologyRefreshed(best != null);
                }
                if (options.readPolicy() == ReadPolicy.LOWEST_LATENCY) {
                    measureLatencies();
                }
            } finally {
                running.set(false);
                ended.complete(null);
                FollowUpRefreshes.Reason reason = router.nodes.hasUnreachablePrimary() ? FollowUpRefreshes.Reason.PRIMARY_DOWN
                        : leftUnplaced ? FollowUpRefreshes.Reason.UNPLACED_REPLICA : null;
                followUp(followUps.next(reason, System.nanoTime()));
            }
        });
    }

    /** Applies one answer; a failure keeps the previous table, is logged, and the next trigger tries again. */
    private void apply(ClusterTopology topology) {
        try {
            router.nodes.apply(topology);
        } catch (RuntimeException failed) {
            LOG.log(System.Logger.Level.WARNING, "a cluster topology refresh could not be applied (" + failed
                    + "); routing keeps the previous slot table until the next refresh", failed);
        }
    }

    /**
     * The answer to apply of two: the one covering more slots, and of two covering as many, the one that places more
     * replicas in their shards (Valkey 8.0 lists a replica alone until it has its shard id, and nodes learn it at
     * different times).
     */
    static boolean isBetter(ClusterTopology candidate, ClusterTopology best) {
        int covered = candidate.coveredSlots() - best.coveredSlots();
        return covered > 0 || covered == 0 && candidate.unplacedReplicas() < best.unplacedReplicas();
    }

    /** Schedules a refresh request after {@code delayNanos}, or nothing for {@link FollowUpRefreshes#NONE}. */
    private void followUp(long delayNanos) {
        if (delayNanos == FollowUpRefreshes.NONE) {
            return;
        }
        try {
            loop.schedule(this::requestSoon, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RuntimeException shuttingDown) {
            // the client is closing: nothing left to refresh
        }
    }

    /** One PING per node; its round trip feeds {@link ReadPolicy#LOWEST_LATENCY}. */
    private void measureLatencies() {
        long deadline = System.nanoTime() + QUERY_TIMEOUT_NANOS;
        for (ClusterNode node : router.nodes.all()) {
            node.measureLatency(deadline);
        }
    }
}
