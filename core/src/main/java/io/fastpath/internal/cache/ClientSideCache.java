package io.fastpath.internal.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import io.fastpath.CacheOptions;
import io.fastpath.CacheStats;
import io.fastpath.Reply;
import io.fastpath.internal.command.CommandSpec;
import io.fastpath.internal.command.ReplyConverter;
import io.fastpath.internal.connection.ClientTracking;
import io.fastpath.internal.connection.CommandObserver;
import io.fastpath.internal.connection.Connection;
import io.fastpath.internal.connection.LoopHeartbeat;
import io.fastpath.internal.connection.TrackingSession;
import io.netty.channel.EventLoop;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The client-side cache: entries in a byte-bounded Caffeine cache, filled on the I/O thread in wire order
 * ({@link CacheFill}), dropped by invalidation pushes, by the client's own writes, and with the tracking
 * session of the connection that filled them (disconnect, FLUSHALL, a cluster node losing slots).
 *
 * <p>Thread ownership: any thread reads and starts fills; stores and invalidations run on the event loop
 * of the connection concerned; the Caffeine cache, the in-flight map and the write stamps are thread-safe.
 */
public final class ClientSideCache implements ClientTracking {
    /** The only error a GET gives that MGET turns into a nil (a key holding another type). */
    private static final String WRONG_TYPE = "WRONGTYPE";

    /** What {@link #cachedGet} returns when the read must go to the server (null is a cached nil). */
    public static final Object MISS = new Object();

    // Immutable.
    private final long maxTtlNanos;
    private final long freshnessNanos;
    /** False when the user turned the heartbeat check off: hits then read no clock. */
    private final boolean boundsInvalidationDelay;
    private final TrackingMode tracking;
    private final Cache<CacheKey, KeyReplies> entries;
    private final CallerDelivery delivery;
    private final OwnWrites ownWrites;

    // Any thread.
    private final ConcurrentHashMap<ReadKey, CacheFill> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<EventLoop, LoopHeartbeat> heartbeats = new ConcurrentHashMap<>();
    /** Own writes per key stripe: a fill overtaken by one of our writes is not stored (R6). */
    private final KeyStamps writeStamps = new KeyStamps();
    /** Invalidations received per key stripe: a fill whose key's count moved between its read and PTTL replies is not stored. */
    private final KeyStamps invalidationStamps = new KeyStamps();
    /** The client's command observer, told of each hit; null when it observes nothing. Set before the client is published. */
    private CommandObserver observer;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder invalidations = new LongAdder();
    private final AtomicBoolean sweepScheduled = new AtomicBoolean();
    /** How often expired entries nobody read again are removed: a scan of the whole cache, off the event loops. */
    static final long EXPIRY_SWEEP_MILLIS = 1_000;
    private final AtomicBoolean expirySweepScheduled = new AtomicBoolean();
    private final CoarseClock clock = new CoarseClock();
    /** Set once by the client after it connected, before any command can reach the cache. */
    private volatile FillRoute route;

    public ClientSideCache(CacheOptions options, Executor completionExecutor) {
        this.maxTtlNanos = options.maxTtl().toNanos();
        this.boundsInvalidationDelay = options.maxInvalidationDelay() != null;
        // Unbounded: sessions still get heartbeats (never consulted, so never started).
        this.freshnessNanos = (boundsInvalidationDelay ? options.maxInvalidationDelay() : CacheOptions.DEFAULT_MAX_INVALIDATION_DELAY).toNanos();
        this.delivery = new CallerDelivery(completionExecutor);
        this.tracking = new TrackingMode(options);
        this.entries = Caffeine.newBuilder()
                .maximumWeight(options.maxBytes())
                .weigher((CacheKey key, KeyReplies held) -> held.weight())
                // No expireAfter: Caffeine's variable expiry re-links every read entry in its timer wheel, which with
                // 100,000 keys read at random made a hit 3.3-3.6x dearer (CacheUniformHitBenchmark, RESULTS.md); reads
                // check the expiry themselves.
                .executor(Runnable::run) // maintenance inline: waking a pool thread costs a hit more on 2 cores
                .evictionListener((CacheKey key, KeyReplies held, RemovalCause cause) -> {
                    if (cause == RemovalCause.SIZE) {
                        evictions.increment();
                    }
                })
                .build();
        this.ownWrites = new OwnWrites(entries, writeStamps);
    }

    /** Set while the client is built, before any read: hits are reported to it (cache hits send no command). */
    public void commandObserver(CommandObserver commandObserver) {
        this.observer = commandObserver;
    }

    /** Connects the cache to the client's routing; ticks its expiry clock and schedules the expiry sweep on {@code clockLoop}. */
    public void start(FillRoute route, ScheduledExecutorService clockLoop) {
        this.route = route;
        clock.start(clockLoop);
        clockLoop.scheduleAtFixedRate(this::scheduleExpirySweep, EXPIRY_SWEEP_MILLIS, EXPIRY_SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    // ---- reads (any thread) ----

    /** The result of a read this cache serves, from memory or from one shared fill; null for any other command. */
    public <T> CompletableFuture<T> read(CommandSpec<T> spec, boolean callerWaits, long timeoutNanos) {
        if (CachedReads.isSingleKeyRead(spec) && tracking.covers(spec.routingKey())) {
            return readOne(spec, callerWaits, timeoutNanos);
        }
        if (CachedReads.isMget(spec) && tracking.coversAllKeys(spec.args())) {
            return readEachKey(spec, callerWaits, timeoutNanos);
        }
        return null;
    }

    /** A read-only single-key command the caller asked to cache (generic API); refuses anything else before sending. */
    public <T> CompletableFuture<T> readRequested(CommandSpec<T> spec, boolean callerWaits, long timeoutNanos) {
        CachedReads.requireCacheable(spec);
        if (!tracking.covers(spec.routingKey())) {
            return null; // BCAST: no invalidation would ever come for this key, so it is read from the server
        }
        return readOne(spec, callerWaits, timeoutNanos);
    }

    /**
     * {@code GET key} answered from memory before any command is built, or {@link #MISS}: the hit path of
     * the blocking API (benchmark scenario g1, CacheHitRateScenario). A miss counts nothing here, since the
     * caller then sends the GET through {@link #read}, which counts it.
     */
    public Object cachedGet(byte[] key, ReplyConverter<?> converter) {
        if (!tracking.covers(key)) {
            return MISS;
        }
        return served(find(new CacheKey(key), null), converter);
    }

    /**
     * {@link #cachedGet(byte[], ReplyConverter)} for a String key of the UTF-8 codec, found without encoding it
     * ({@link TextKey}); a key with other characters than ASCII, which no probe finds, is looked up by its bytes.
     */
    public Object cachedGet(String key, ReplyConverter<?> converter) {
        if (!tracking.optIn()) {
            return cachedGet(key.getBytes(StandardCharsets.UTF_8), converter); // BCAST: the prefixes are bytes
        }
        TextKey probe = new TextKey(key);
        KeyReplies held = unexpired(probe, entries.asMap().get(probe));
        CachedRead cached = held == null ? null : held.find(null);
        if (cached == null && !probe.isAscii()) {
            return cachedGet(key.getBytes(StandardCharsets.UTF_8), converter);
        }
        return served(cached, converter); // an ASCII key the probe did not find is not held: MISS, with no second lookup
    }

    /** A found GET reply as the caller's value, or MISS when its loop's last beat is old or its shape is wrong. */
    private Object served(CachedRead cached, ReplyConverter<?> converter) {
        if (cached == null || boundsInvalidationDelay && !cached.session.heartbeat().isRecent(System.nanoTime())) {
            return MISS; // an old beat: the full path waits for one and looks again, once
        }
        Object value;
        try {
            value = cached.convert(converter);
        } catch (RuntimeException wrongShape) {
            return MISS; // the full path reports it
        }
        hits.increment();
        if (observer != null) {
            observer.cacheHit("GET");
        }
        return value;
    }

    private <T> CompletableFuture<T> readOne(CommandSpec<T> spec, boolean callerWaits, long timeoutNanos) {
        CacheKey key = new CacheKey(spec.routingKey());
        long nowNanos = System.nanoTime(); // the session's freshness, and the deadline of a miss
        CachedRead cached = lookup(key, spec.args(), nowNanos);
        if (cached != null) {
            hits.increment();
            if (observer != null) {
                observer.cacheHit(spec.name());
            }
            try {
                return CompletableFuture.completedFuture(cached.convert(spec.converter()));
            } catch (RuntimeException wrongShape) {
                return CompletableFuture.failedFuture(wrongShape);
            }
        }
        misses.increment();
        return delivery.later(fill(key, spec.args(), spec.name(), timeoutNanos, nowNanos + timeoutNanos).result, spec.converter(),
                callerWaits);
    }

    /** MGET: one GET entry per key; only the missing keys are read (each through its own shared fill). */
    private <T> CompletableFuture<T> readEachKey(CommandSpec<T> spec, boolean callerWaits, long timeoutNanos) {
        long nowNanos = System.nanoTime(); // MGET: one clock read for every key's freshness and the fills' deadline
        long deadlineNanos = nowNanos + timeoutNanos;
        byte[][] args = spec.args();
        Reply[] values = new Reply[args.length - 1];
        List<CompletableFuture<Reply>> fills = new ArrayList<>();
        int[] missing = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            byte[][] get = {CachedReads.GET, args[i + 1]};
            CacheKey key = new CacheKey(args[i + 1]);
            CachedRead cached = lookup(key, get, nowNanos);
            values[i] = cached == null ? null : cached.value;
            if (values[i] != null) {
                hits.increment();
            } else {
                misses.increment();
                missing[fills.size()] = i;
                fills.add(fill(key, get, "GET", timeoutNanos, deadlineNanos).result);
            }
        }
        if (fills.isEmpty()) {
            if (observer != null) {
                observer.cacheHit(spec.name()); // every key from memory: no command was sent for this MGET
            }
            return delivery.now(spec.converter(), new Reply.ArrayReply(Arrays.asList(values)));
        }
        CompletableFuture<Reply> all = CompletableFuture.allOf(fills.toArray(new CompletableFuture<?>[0])).thenApply(done -> {
            for (int f = 0; f < fills.size(); f++) {
                Reply reply = fills.get(f).getNow(null); // allOf completed normally: every fill has its reply
                if (reply instanceof Reply.ErrorReply error) {
                    if (!WRONG_TYPE.equals(error.code())) {
                        return error; // NOPERM, OOM...: the MGET fails with the server's error, as it would uncached
                    }
                    reply = Reply.NullReply.INSTANCE; // MGET answers nil for a key holding another type
                }
                values[missing[f]] = reply;
            }
            return new Reply.ArrayReply(Arrays.asList(values));
        });
        return delivery.later(all, spec.converter(), callerWaits);
    }

    /**
     * The reply cached for {@code args} ({@code GET key} when null) that may be served now: its session
     * lasts and its event loop beat recently. When the last beat is old (the loop idle, paused or starved),
     * waits for one, which applies any invalidation already in the loop's socket, and looks again.
     */
    private CachedRead lookup(CacheKey key, byte[][] args, long nowNanos) {
        CachedRead cached = find(key, args);
        if (cached == null || !boundsInvalidationDelay || cached.session.heartbeat().isRecent(nowNanos)) {
            return cached;
        }
        if (!cached.session.heartbeat().awaitBeatAfter(nowNanos)) {
            return null; // the loop is not running: the read goes to the server, behind any unread invalidation
        }
        long afterBeat = System.nanoTime();
        cached = find(key, args);
        return cached != null && cached.session.heartbeat().isRecent(afterBeat) ? cached : null;
    }

    private CachedRead find(CacheKey key, byte[][] args) {
        KeyReplies held = unexpired(key, entries.getIfPresent(key));
        return held == null ? null : held.find(args);
    }

    /**
     * {@code held}, or null once its earliest reply has expired (local TTL = min(max TTL, PTTL), R4), which it then
     * removes: an expired entry nobody reads again goes with the next sweep ({@link #sweepExpiredEntries}).
     */
    private KeyReplies unexpired(CacheKey key, KeyReplies held) {
        if (held == null || held.earliestExpiryNanos() - clock.nowNanos() > 0) {
            return held;
        }
        entries.asMap().remove(key, held); // only this value: a fill may have stored a fresh one meanwhile
        return null;
    }

    /**
     * Joins the fill in flight for exactly this read, unless one of our writes to the key completed since it started,
     * or it runs on another timeout (a withTimeout view's): its deadline would then not be the reader's, so the reader
     * starts its own fill, and the older one still completes the readers that joined it.
     */
    private CacheFill fill(CacheKey key, byte[][] readArgs, String name, long timeoutNanos, long deadlineNanos) {
        ReadKey readKey = new ReadKey(readArgs);
        long stamp = writeStamps.get(key);
        CacheFill[] started = new CacheFill[1];
        CacheFill fill = inFlight.compute(readKey, (ignored, existing) ->
                existing != null && existing.stamp == stamp && existing.timeoutNanos == timeoutNanos && !existing.result.isDone()
                        ? existing : (started[0] = new CacheFill(this, key, readArgs, name, stamp, timeoutNanos, deadlineNanos)));
        if (started[0] != null) {
            CacheFill mine = started[0];
            mine.result.whenComplete((reply, failure) -> inFlight.remove(readKey, mine));
            try {
                mine.send(route, tracking.optIn());
            } catch (RuntimeException notSent) {
                mine.result.completeExceptionally(notSent); // releases every reader that joined, and the single-flight slot
            }
        }
        return fill;
    }

    // ---- fills (event loop of the connection that read) ----

    /** Stores a fill's reply for the connection's current tracking session; local TTL = min(max TTL, PTTL) (R4). */
    void store(Connection connection, CacheFill fill, Reply value, long pttlMillis) {
        TrackingSession session = connection.trackingSession();
        if (session == null || session.isEnded() || pttlMillis == 0 || pttlMillis < -2) {
            return; // not tracked (RESP2, or tracking lost), or the key expires right now
        }
        if (!route.ownsKey(connection, fill.key.bytes)) {
            return; // cluster: the slot moved away meanwhile, so this node will not invalidate it (R9)
        }
        session.heartbeat().beatOnLoop(); // this loop is running: the next read needs no beat of its own
        long now = clock.nowNanos(); // the clock Caffeine expires by
        long ttl = pttlMillis > 0 ? Math.min(maxTtlNanos, TimeUnit.MILLISECONDS.toNanos(pttlMillis)) : maxTtlNanos;
        CachedRead read = CachedRead.of(fill.readArgs, value, session, now + ttl);
        entries.asMap().compute(fill.key, (key, existing) -> KeyReplies.with(isExpired(existing, now) ? null : existing, read, now));
        if (writeStamps.get(fill.key) != fill.stamp) {
            entries.invalidate(fill.key); // one of our writes to this key completed while the fill was out (R6)
        }
    }

    /** Event loop: how many invalidations of the keys sharing {@code key}'s stripe any connection has received. */
    long invalidationStamp(CacheKey key) {
        return invalidationStamps.get(key);
    }

    // ---- invalidations (event loop) ----

    @Override
    public List<String> trackingCommand() {
        return tracking.trackingCommand();
    }

    @Override
    public LoopHeartbeat heartbeatOf(EventLoop eventLoop) {
        return heartbeats.computeIfAbsent(eventLoop, loop -> new LoopHeartbeat(loop, freshnessNanos));
    }

    @Override
    public void onInvalidation(Connection connection, Reply.PushReply push) {
        Reply keys = push.elements().size() > 1 ? push.elements().get(1) : Reply.NullReply.INSTANCE;
        if (keys instanceof Reply.ArrayReply array) {
            for (Reply key : array.elements()) {
                if (key instanceof Reply.BulkStringReply bulk) {
                    invalidations.increment();
                    CacheKey cacheKey = new CacheKey(bulk.value());
                    invalidationStamps.increment(cacheKey); // see CacheFill#onPttlReply
                    entries.invalidate(cacheKey);
                }
            }
            return;
        }
        invalidations.increment();
        connection.renewTrackingSession(); // a null payload: FLUSHALL/FLUSHDB, every key of this node is gone
    }

    @Override
    public void onSessionEnded(TrackingSession session) {
        // Entries of the session already stopped serving; this only gives their memory back, off the event loop.
        if (sweepScheduled.compareAndSet(false, true)) {
            ForkJoinPool.commonPool().execute(this::sweepDeadEntries);
        }
    }

    private static boolean isExpired(KeyReplies held, long nowNanos) {
        return held != null && held.earliestExpiryNanos() - nowNanos <= 0;
    }

    /** Clock loop, once a {@link #EXPIRY_SWEEP_MILLIS}: hands the sweep of expired entries to a pool thread, one at a time. */
    private void scheduleExpirySweep() {
        if (!entries.asMap().isEmpty() && expirySweepScheduled.compareAndSet(false, true)) {
            ForkJoinPool.commonPool().execute(this::sweepExpiredEntries);
        }
    }

    /** Gives back the memory of entries expired and not read since (a read removes the one it finds expired). */
    private void sweepExpiredEntries() {
        try {
            long now = clock.nowNanos();
            entries.asMap().values().removeIf(held -> isExpired(held, now));
        } finally {
            expirySweepScheduled.set(false);
        }
    }

    private void sweepDeadEntries() {
        sweepScheduled.set(false);
        long now = clock.nowNanos();
        for (CacheKey key : List.copyOf(entries.asMap().keySet())) {
            entries.asMap().computeIfPresent(key, (k, held) -> held.withoutDead(now));
        }
    }

    // ---- own writes ----

    /** The command to send instead of {@code spec}: a write evicts the keys it names before its caller sees the reply (R6). */
    public <T> CommandSpec<T> evictingOwnWrites(CommandSpec<T> spec) {
        return ownWrites.evicting(spec);
    }

    // ---- visibility ----

    public CacheStats stats() {
        entries.cleanUp();
        long bytes = entries.policy().eviction().map(eviction -> eviction.weightedSize().orElse(0)).orElse(0L);
        return new CacheStats(hits.sum(), misses.sum(), evictions.sum(), invalidations.sum(), bytes, entries.estimatedSize());
    }

    /** For tests: every live cached reply, with the command that read it, as key -> (command -> reply). */
    public List<CachedReply> snapshot() {
        List<CachedReply> all = new ArrayList<>();
        long now = clock.nowNanos();
        entries.asMap().forEach((key, held) -> {
            for (CachedRead read : held.live(now)) {
                all.add(new CachedReply(key.bytes, read.args, read.value));
            }
        });
        return all;
    }

    /** One live cache entry, as {@link #snapshot()} lists it. */
    public record CachedReply(byte[] key, byte[][] command, Reply value) {}
}
