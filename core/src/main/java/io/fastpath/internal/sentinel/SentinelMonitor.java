package io.fastpath.internal.sentinel;

import io.fastpath.ReadPolicy;
import io.fastpath.RedisEvent;
import io.fastpath.command.Reply;
import io.fastpath.internal.client.ClientResources;
import io.fastpath.internal.connection.Endpoint;
import io.fastpath.internal.connection.EventDispatcher;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Follows the Sentinels and moves the client's commands: reads every Sentinel's events, holds the
 * primary's commands while a failover is announced, switches to the new primary as soon as a Sentinel
 * announces it ({@code +promoted-slave}, {@code +switch-master}), and asks the Sentinels again
 * ({@link PrimaryResolver}) whenever something suggests the primary changed unseen: a lost primary
 * connection, a ROLE mismatch in a handshake, a READONLY reply, a Sentinel subscription that reconnected
 * (events published meanwhile were lost), the end of a failover, and a periodic safety net. Also keeps the
 * list of Sentinels ({@code SENTINEL SENTINELS}, {@code +sentinel}) and of usable replicas
 * ({@code SENTINEL REPLICAS}, {@code +slave}, {@code +sdown}/{@code -sdown}...) fresh.
 *
 * <p>Thread ownership: every decision runs on one event loop ({@link #loop}), so holds, switches and
 * resolves never race each other; nothing here blocks. Requests come from any thread.
 */
final class SentinelMonitor {
    private static final System.Logger LOG = System.getLogger(SentinelMonitor.class.getName());
    /** Resolves start at least this far apart: a dying primary's connections all report their failures. */
    private static final long MIN_RESOLVE_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** While the primary has no live connection, the Sentinels are asked again this often (events may be missed). */
    private static final long PRIMARY_DOWN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final SentinelConfig config;
    private final SentinelServers servers;
    private final ClientResources resources;
    private final EventLoop loop;
    private final EventDispatcher events;

    // Any thread reads (the resolver takes a copy); added on the loop, and by the bootstrap before start.
    private final Map<Endpoint, SentinelLink> links = new ConcurrentHashMap<>();
    private final AtomicBoolean resolveScheduled = new AtomicBoolean();
    private volatile boolean closed;

    // Event loop only.
    private final FailoverHold hold = new FailoverHold();
    private ScheduledFuture<?> holdLimit;
    private ScheduledFuture<?> periodic;
    private boolean resolving;
    private boolean resolveAgain;
    private long lastResolveNanos = System.nanoTime() - MIN_RESOLVE_INTERVAL_NANOS;
    /** The address a ROLE probe is checking before a switch, so a second announcement does not start another. */
    private Endpoint switchingTo;
    /** The primary whose new connections wait for the old ones' hand-over (then released unless held); null otherwise. */
    private Endpoint handingOverTo;
    /** Counts switches: a resolve that started before one is outdated by it (it may name the old primary). */
    private int switches;
    /** The newest configuration epoch a resolve followed: Sentinels answering an older one are stale. */
    private long followedEpoch;
    private boolean replicasRefreshing;

    SentinelMonitor(SentinelConfig config, SentinelServers servers, ClientResources resources) {
        this.config = config;
        this.servers = servers;
        this.resources = resources;
        this.loop = resources.nextEventLoop();
        this.events = config.dataSettings().events();
    }

    // ---- Sentinels ----

    /** Opens the links to a Sentinel not known yet; the future completes once its events are subscribed (or fails). */
    CompletableFuture<Void> addSentinel(Endpoint endpoint) {
        if (closed || links.containsKey(endpoint)) {
            return CompletableFuture.completedFuture(null);
        }
        SentinelLink link = new SentinelLink(endpoint, config, resources, this::onEvent, this::onResubscribed);
        if (links.putIfAbsent(endpoint, link) != null) {
            return CompletableFuture.completedFuture(null);
        }
        return link.start();
    }

    List<SentinelLink> links() {
        return new ArrayList<>(links.values());
    }

    /** Asks a Sentinel for the others ({@code SENTINEL SENTINELS}) and opens links to the new ones. */
    CompletableFuture<Void> discoverSentinels() {
        return askAny("SENTINEL", "SENTINELS", config.primaryName())
                .thenCompose(reply -> {
                    List<CompletableFuture<Void>> added = new ArrayList<>();
                    for (Endpoint endpoint : SentinelReplies.sentinels(reply)) {
                        added.add(addSentinel(endpoint).exceptionally(unreachable -> null));
                    }
                    return CompletableFuture.allOf(added.toArray(new CompletableFuture<?>[0]));
                });
    }

    /** Asks the ready Sentinels first, one after the other until one answers. */
    private CompletableFuture<Reply> askAny(String... command) {
        List<SentinelLink> ordered = new ArrayList<>();
        links.values().stream().filter(SentinelLink::isReady).forEach(ordered::add);
        links.values().stream().filter(link -> !link.isReady()).forEach(ordered::add);
        return askFrom(ordered, 0, command);
    }

    private CompletableFuture<Reply> askFrom(List<SentinelLink> ordered, int index, String... command) {
        if (index >= ordered.size()) {
            return CompletableFuture.failedFuture(new IllegalStateException("no Sentinel answered"));
        }
        long deadline = System.nanoTime() + config.queryTimeoutNanos();
        return ordered.get(index).query(deadline, command)
                .handle((reply, failure) -> failure == null ? CompletableFuture.completedFuture(reply)
                        : askFrom(ordered, index + 1, command))
                .thenCompose(next -> next);
    }

    // ---- replicas ----

    /**
     * Any thread: asks for {@code SENTINEL REPLICAS} and applies the usable ones (not under ReadPolicy.PRIMARY);
     * completes once new replicas' connections are up (or failed their first connect).
     */
    CompletableFuture<Void> refreshReplicas() {
        if (config.readPolicy() == ReadPolicy.PRIMARY || closed) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> applied = new CompletableFuture<>();
        execute(() -> {
            if (replicasRefreshing) {
                applied.complete(null);
                return;
            }
            replicasRefreshing = true;
            askAny("SENTINEL", "REPLICAS", config.primaryName()).whenComplete((reply, failure) ->
                    execute(() -> {
                        replicasRefreshing = false;
                        if (reply != null && !closed) {
                            servers.applyReplicas(SentinelReplies.usableReplicas(reply))
                                    .whenComplete((ok, never) -> applied.complete(null));
                        } else {
                            applied.complete(null);
                        }
                    }));
        });
        return applied;
    }

    // ---- events (any thread in, the loop decides) ----

    private void onEvent(SentinelLink from, SentinelEvent event) {
        execute(() -> handle(from.endpoint, event));
    }

    private void onResubscribed() {
        requestResolve(); // whatever was announced while the subscription was down is lost
        refreshReplicas();
    }

    private void handle(Endpoint sentinel, SentinelEvent event) {
        if (closed || !servers.isConnected()) {
            return; // before build() connected the primary, the bootstrap itself asks the Sentinels
        }
        switch (event.channel()) {
            case SentinelEvent.ODOWN -> {
                if (event.isAboutPrimary() && concernsOurPrimary(event) && hold.primaryDown(sentinel, event.primary())) {
                    holdStarted(sentinel, event);
                }
            }
            case SentinelEvent.TRY_FAILOVER -> {
                if (concernsOurPrimary(event) && hold.failoverStarted(sentinel, event.primary())) {
                    holdStarted(sentinel, event);
                }
            }
            case SentinelEvent.ODOWN_ENDED -> {
                if (event.isAboutPrimary() && hold.primaryUp(sentinel)) {
                    endHold("Sentinel " + sentinel + " no longer sees the primary down (-odown)");
                }
            }
            case SentinelEvent.ABORT_NOT_ELECTED, SentinelEvent.ABORT_NO_GOOD_REPLICA, SentinelEvent.ABORT_REPLICA_TIMEOUT -> {
                if (hold.failoverAborted(sentinel)) {
                    endHold("Sentinel " + sentinel + " aborted its failover (" + event.channel() + ")");
                }
            }
            case SentinelEvent.PROMOTED -> moveTo(sentinel, event.address(), "Sentinel " + sentinel + " announced +promoted-slave");
            case SentinelEvent.SWITCH_MASTER -> moveTo(sentinel, event.address(), "Sentinel " + sentinel + " announced +switch-master");
            case SentinelEvent.FAILOVER_END -> requestResolve(); // a promotion this client missed is found here
            case SentinelEvent.NEW_SENTINEL -> addSentinel(event.address());
            default -> {
                if (event.isAboutReplica()) { // +sdown/-sdown/+slave/+convert-to-slave/+slave-reconf-done
                    refreshReplicas();
                }
            }
        }
    }

    /**
     * With holding on, an announcement about the address this client writes to, or is moving to (a second failover
     * can start before the client finished following the first); a stale Sentinel's is ignored.
     */
    private boolean concernsOurPrimary(SentinelEvent event) {
        return config.holdDuringFailover()
                && (event.primary().equals(servers.primaryEndpoint()) || event.primary().equals(switchingTo));
    }

    /** The first Sentinel announced a failover of the primary: its commands wait from now on. */
    private void holdStarted(Endpoint sentinel, SentinelEvent event) {
        servers.holdPrimary();
        events.publish(new RedisEvent.FailoverAnnounced(config.primaryName(), servers.primaryEndpoint().toString(),
                sentinel.toString(), event.channel()));
        cancelHoldLimit();
        holdLimit = loop.schedule(this::holdLastedTooLong, config.maxHoldNanos(), TimeUnit.NANOSECONDS);
    }

    private void holdLastedTooLong() {
        holdLimit = null;
        if (hold.clear()) {
            LOG.log(Level.WARNING, "a failover of '" + config.primaryName() + "' was announced " + TimeUnit.NANOSECONDS
                    .toMillis(config.maxHoldNanos()) + " ms ago and no new primary was announced; the Sentinels are asked"
                    + " again and the held commands go wherever they name");
            events.publish(new RedisEvent.FailoverEnded(config.primaryName(), servers.primaryEndpoint().toString(),
                    "no new primary was announced within the hold's bound"));
            requestResolve(); // releases to the current primary when they still name it
        }
    }

    private void endHold(String reason) {
        cancelHoldLimit();
        releaseUnlessHandingOver();
        events.publish(new RedisEvent.FailoverEnded(config.primaryName(), servers.primaryEndpoint().toString(), reason));
    }

    private void cancelHoldLimit() {
        if (holdLimit != null) {
            holdLimit.cancel(false);
            holdLimit = null;
        }
    }

    /** A Sentinel named the new primary: verify it with ROLE, then move every command path there. */
    private void moveTo(Endpoint sentinel, Endpoint address, String reason) {
        if (address.equals(servers.primaryEndpoint())) {
            // A late word about a failover already followed: it ends this Sentinel's announcement only, never another's
            // newer one (a second failover of this very primary may have begun)
            if (hold.withdrawnBy(sentinel)) {
                endHold(reason + ", naming the primary this client already uses");
            }
            return;
        }
        if (address.equals(switchingTo)) {
            return; // another Sentinel's announcement of the same switch: the probe is under way
        }
        switchingTo = address;
        RoleCheck.probe(address, config.dataSettings(), resources, config.queryTimeoutNanos())
                .whenComplete((role, failure) -> execute(() -> {
                    if (!address.equals(switchingTo)) {
                        return;
                    }
                    switchingTo = null;
                    if (RoleCheck.PRIMARY.equals(role)) {
                        switchTo(address, reason);
                    } else {
                        requestResolve(); // not (yet) a primary by its own account: ask the Sentinels
                    }
                }));
    }

    private void switchTo(Endpoint address, String reason) {
        if (closed || address.equals(servers.primaryEndpoint())) {
            return;
        }
        switches++;
        if (!hold.movedTo(address)) {
            cancelHoldLimit(); // a failover of the new primary already announced keeps the hold and its bound
        }
        handingOverTo = address;
        servers.switchPrimary(address, reason).whenComplete((ignored, failure) -> execute(() -> handedOver(address)));
        refreshReplicas();
    }

    /** The old primary's connections handed over what they had not written: the new ones may write, unless held. */
    private void handedOver(Endpoint address) {
        if (!address.equals(handingOverTo)) {
            return; // a later switch took over these connections' commands; its own hand-over releases
        }
        handingOverTo = null;
        if (!hold.active()) {
            servers.releasePrimary();
        }
    }

    /** Releases the primary's held commands, except during a hand-over, whose end releases them ({@link #handedOver}). */
    private void releaseUnlessHandingOver() {
        if (handingOverTo == null) {
            servers.releasePrimary();
        }
    }

    // ---- resolving (asking the Sentinels) ----

    /** Any thread: asks the Sentinels for the primary soon; requests coalesce, and resolves run one at a time. */
    void requestResolve() {
        if (closed || !resolveScheduled.compareAndSet(false, true)) {
            return;
        }
        execute(() -> {
            long wait = Math.max(0, MIN_RESOLVE_INTERVAL_NANOS - (System.nanoTime() - lastResolveNanos));
            schedule(this::resolve, wait);
        });
    }

    private void resolve() {
        resolveScheduled.set(false);
        if (closed) {
            return;
        }
        if (resolving) {
            resolveAgain = true;
            return;
        }
        resolving = true;
        lastResolveNanos = System.nanoTime();
        int switchesBefore = switches;
        PrimaryResolver.resolve(links(), config, resources, followedEpoch)
                .whenComplete((found, failure) -> execute(() -> resolved(found, failure, switchesBefore)));
    }

    /** Build time: the configuration epoch of the primary the client started with. */
    void followed(long epoch) {
        execute(() -> followedEpoch = Math.max(followedEpoch, epoch));
    }

    private void resolved(PrimaryResolver.Resolved found, Throwable failure, int switchesBefore) {
        resolving = false;
        if (closed || !servers.isConnected()) {
            return;
        }
        if (switches != switchesBefore) {
            found = null; // a switch came while the Sentinels were asked: their answers may name the old primary
            resolveAgain = true;
        }
        if (found != null) {
            followedEpoch = Math.max(followedEpoch, found.epoch());
        }
        if (found != null && !found.primary().equals(servers.primaryEndpoint())) {
            switchTo(found.primary(), "the Sentinels named it when asked again");
        } else if (!hold.active()) {
            releaseUnlessHandingOver(); // a hold that gave up ends here (a no-op otherwise)
        }
        if (failure != null) {
            LOG.log(Level.DEBUG, "asking the Sentinels for '" + config.primaryName() + "' failed: " + failure);
            if (!servers.primaryIsReady()) {
                followedEpoch = 0; // Sentinels redeployed with fresh epochs must not be ignored while the primary is gone
            }
        }
        if (resolveAgain) {
            resolveAgain = false;
            requestResolve();
        } else if (!servers.primaryIsReady()) {
            schedule(this::requestResolve, PRIMARY_DOWN_INTERVAL_NANOS); // the promotion's announcement may be missed
        }
    }

    // ---- life cycle ----

    /**
     * Starts the periodic safety net: the primary, the Sentinels, the replicas (and their round trips). The
     * first look comes after a second: LOWEST_LATENCY needs its first round trips measured.
     */
    void start() {
        long period = config.refreshPeriodNanos();
        periodic = loop.scheduleAtFixedRate(() -> {
            requestResolve();
            discoverSentinels().exceptionally(noneAnswered -> null);
            refreshReplicas().thenRun(() -> {
                if (config.readPolicy() == ReadPolicy.LOWEST_LATENCY) {
                    servers.measureLatencies();
                }
            });
        }, Math.min(period, TimeUnit.SECONDS.toNanos(1)), period, TimeUnit.NANOSECONDS);
    }

    CompletableFuture<Void> close() {
        closed = true;
        if (periodic != null) {
            periodic.cancel(false);
        }
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (SentinelLink link : links.values()) {
            closing.add(link.close());
        }
        return CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0]));
    }

    private void execute(Runnable task) {
        try {
            loop.execute(task);
        } catch (RejectedExecutionException shuttingDown) {
            // the client is closing: nothing left to follow
        }
    }

    private void schedule(Runnable task, long delayNanos) {
        try {
            loop.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            // the client is closing
        }
    }
}
