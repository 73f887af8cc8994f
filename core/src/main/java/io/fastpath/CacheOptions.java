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

    private final long maxBytes;
    private final Duration maxTtl;
    private final List<String> broadcastPrefixes;

    private CacheOptions(long maxBytes, Duration maxTtl, List<String> broadcastPrefixes) {
        this.maxBytes = maxBytes;
        this.maxTtl = maxTtl;
        this.broadcastPrefixes = broadcastPrefixes;
    }

    /** A cache holding at most {@code bytes} of keys, command arguments and values (an estimate of heap used). */
    public static CacheOptions maxBytes(long bytes) {
        if (bytes < 1024) {
            throw new RedisArgumentException("the client-side cache needs at least 1024 bytes, got " + bytes);
        }
        return new CacheOptions(bytes, DEFAULT_MAX_TTL, null);
    }

    /** The longest an entry is served locally; a key's own server TTL (PTTL) shortens it further. Default 60 s. */
    public CacheOptions ttl(Duration maxTtl) {
        if (maxTtl == null || maxTtl.isNegative() || maxTtl.isZero()) {
            throw new RedisArgumentException("the cache ttl must be positive, got " + maxTtl);
        }
        return new CacheOptions(maxBytes, maxTtl, broadcastPrefixes);
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
        return new CacheOptions(maxBytes, maxTtl, List.copyOf(list));
    }

    public long maxBytes() {
        return maxBytes;
    }

    public Duration maxTtl() {
        return maxTtl;
    }

    /** The BCAST prefixes, or null in the default OPTIN mode. */
    public List<String> broadcastPrefixes() {
        return broadcastPrefixes;
    }

    @Override
    public String toString() {
        return "CacheOptions[maxBytes=" + maxBytes + ", maxTtl=" + maxTtl
                + (broadcastPrefixes == null ? ", OPTIN" : ", BCAST " + broadcastPrefixes) + "]";
    }
}
