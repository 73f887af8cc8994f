package io.fastpath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns on the client-side cache: {@code RedisClient.builder().clientSideCache(CacheOptions.maxBytes(64 << 20))}.
 *
 * <p>The server tracks what this client read (RESP3 {@code CLIENT TRACKING}, OPTIN mode by default) and
 * pushes an invalidation when a key changes; cached reads (GET, MGET, HGET, HGETALL, HMGET, SMEMBERS,
 * LRANGE, ZRANGE, single-key EXISTS, STRLEN, TYPE, and read-only commands sent with
 * {@link RedisClient#executeCached}) are then answered from memory. Immutable.
 */
public final class CacheOptions {
    /** Longest an entry lives without being read again from the server: bounds staleness if invalidations are lost. */
    public static final Duration DEFAULT_MAX_TTL = Duration.ofSeconds(60);
    /**
     * Default bound on how long an invalidation that reached the socket may wait unapplied while its entry
     * is still served: half of the 1 ms staleness target of benchmark scenario g2, leaving the rest to the
     * server and the network.
     */
    public static final Duration DEFAULT_MAX_INVALIDATION_DELAY = Duration.ofNanos(500_000);

    private final long maxBytes;
    private final Duration maxTtl;
    private final List<String> broadcastPrefixes;
    private final Duration maxInvalidationDelay;

    private CacheOptions(long maxBytes, Duration maxTtl, List<String> broadcastPrefixes, Duration maxInvalidationDelay) {
        this.maxBytes = maxBytes;
        this.maxTtl = maxTtl;
        this.broadcastPrefixes = broadcastPrefixes;
        this.maxInvalidationDelay = maxInvalidationDelay;
    }

    /** A cache holding at most {@code bytes} of keys, command arguments and values (an estimate of heap used). */
    public static CacheOptions maxBytes(long bytes) {
        if (bytes < 1024) {
            throw new RedisArgumentException("the client-side cache needs at least 1024 bytes, got " + bytes);
        }
        return new CacheOptions(bytes, DEFAULT_MAX_TTL, null, DEFAULT_MAX_INVALIDATION_DELAY);
    }

    /** The longest an entry is served locally; a key's own server TTL (PTTL) shortens it further. Default 60 s. */
    public CacheOptions ttl(Duration maxTtl) {
        if (maxTtl == null || maxTtl.isNegative() || maxTtl.isZero()) {
            throw new RedisArgumentException("the cache ttl must be positive, got " + maxTtl);
        }
        return new CacheOptions(maxBytes, maxTtl, broadcastPrefixes, maxInvalidationDelay);
    }

    /**
     * BCAST mode: the server keeps no per-key state and sends an invalidation for every write to a key
     * under one of {@code prefixes} (an empty string covers every key); only keys under a prefix are
     * cached, since no other key would ever be invalidated. Prefixes must not overlap (the server refuses it).
     */
    public CacheOptions bcast(String... prefixes) {
        if (prefixes == null || prefixes.length == 0) {
            throw new RedisArgumentException("bcast needs at least one prefix (\"\" covers every key)");
        }
        List<String> list = new ArrayList<>();
        for (String prefix : prefixes) {
            if (prefix == null) {
                throw new RedisArgumentException("a bcast prefix must not be null");
            }
            list.add(prefix);
        }
        return new CacheOptions(maxBytes, maxTtl, List.copyOf(list), maxInvalidationDelay);
    }

    /**
     * Cached replies are served only while the I/O thread that receives their invalidations has run within
     * {@code delay} (default 500 µs); otherwise the read goes to the server. So a GC pause or an I/O thread
     * starved of CPU cannot leave an invalidation unread in the socket while readers get the old value: a
     * reply is served at most {@code delay} (plus one event-loop turn) after its invalidation reached this
     * client. While the cache is being read, each connection's I/O thread runs a tiny task every
     * {@code delay / 4} to prove it is alive.
     */
    public CacheOptions maxInvalidationDelay(Duration delay) {
        if (delay == null || delay.isNegative() || delay.isZero()) {
            throw new RedisArgumentException("the cache's maxInvalidationDelay must be positive, got " + delay);
        }
        return new CacheOptions(maxBytes, maxTtl, broadcastPrefixes, delay);
    }

    public long maxBytes() {
        return maxBytes;
    }

    public Duration maxTtl() {
        return maxTtl;
    }

    /**
     * Serves cached replies without proving that the I/O thread receiving their invalidations is running:
     * a hit then reads no clock (scenario g1's "no writer" rows show what that saves), but a GC pause or a
     * starved I/O thread can serve a value whose invalidation waits unread in the socket, for as long as
     * the pause lasts (scenario g2 shows how often). The cache's other rules (invalidation by the server's
     * tracking, reading one's own writes, the maximum TTL) hold as before.
     */
    public CacheOptions withoutInvalidationDelayBound() {
        return new CacheOptions(maxBytes, maxTtl, broadcastPrefixes, null);
    }

    /** The bound on invalidation delay, or null when {@link #withoutInvalidationDelayBound()} turned it off. */
    public Duration maxInvalidationDelay() {
        return maxInvalidationDelay;
    }

    /** The BCAST prefixes, or null in the default OPTIN mode. */
    public List<String> broadcastPrefixes() {
        return broadcastPrefixes;
    }

    @Override
    public String toString() {
        return "CacheOptions[maxBytes=" + maxBytes + ", maxTtl=" + maxTtl + ", maxInvalidationDelay=" + (maxInvalidationDelay == null ? "unbounded" : maxInvalidationDelay)
                + (broadcastPrefixes == null ? ", OPTIN" : ", BCAST " + broadcastPrefixes) + "]";
    }
}
