package io.fastpath.benchmarks.cache;

import io.fastpath.CacheOptions;
import io.fastpath.CacheStats;
import io.fastpath.RedisClient;
import io.fastpath.benchmarks.BenchClients;
import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.support.caching.CacheAccessor;
import io.lettuce.core.support.caching.CacheFrontend;
import io.lettuce.core.support.caching.ClientSideCaching;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.redisson.Redisson;
import org.redisson.api.RClientSideCaching;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.ClientSideCachingOptions;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import org.redisson.config.Protocol;

/**
 * The three caches scenario (g) compares, each bounded to about the same number of entries:
 * Fastpath's by bytes, Lettuce's {@code ClientSideCaching} over an LRU map we supply (it has no bound
 * of its own), Redisson's {@code getClientSideCaching} with its LRU size bound; and Fastpath without a
 * cache, the round trip a miss is measured against.
 */
final class CachedReaders {
  /** Fastpath with its invalidation-delay bound off, to measure what the bound costs a hit (g1) and buys (g2). */
  private static final String FASTPATH_UNBOUNDED = BenchClients.FASTPATH_CACHE_UNBOUNDED;
  /** Fastpath without a cache: every read a plain GET, the baseline a cache miss is compared with (g1 at 0% hot). */
  private static final String FASTPATH_UNCACHED = BenchClients.FASTPATH_UNCACHED;
  static final List<String> ALL = List.of("fastpath", FASTPATH_UNBOUNDED, FASTPATH_UNCACHED, "lettuce", "redisson");
  /** Room for about 2,000 small entries in Fastpath's accounting (key, command, reply, overhead). */
  static final long FASTPATH_MAX_BYTES = 512 * 1024;
  static final int PEER_MAX_ENTRIES = 2_000;

  private CachedReaders() {}

  static CachedReader create(String name, String uri) {
    return create(name, uri, FASTPATH_MAX_BYTES, PEER_MAX_ENTRIES);
  }

  /** With other bounds than scenario (g)'s: Fastpath's in bytes, Lettuce's LRU map's in entries (Redisson keeps its own). */
  static CachedReader create(String name, String uri, long fastpathMaxBytes, int peerMaxEntries) {
    return switch (name) {
      case "fastpath" -> fastpath(uri, "fastpath", CacheOptions.maxBytes(fastpathMaxBytes));
      case FASTPATH_UNBOUNDED -> fastpath(uri, FASTPATH_UNBOUNDED, CacheOptions.maxBytes(fastpathMaxBytes).withoutInvalidationDelayBound());
      case FASTPATH_UNCACHED -> fastpath(uri, FASTPATH_UNCACHED, null);
      case "lettuce" -> lettuce(uri, peerMaxEntries);
      case "redisson" -> redisson(uri);
      default -> throw new IllegalArgumentException("no client-side cache for " + name);
    };
  }

  /** {@code options} null: no cache, every read a GET, and hits, misses and what it holds say so. */
  private static CachedReader fastpath(String uri, String label, CacheOptions options) {
    RedisClient client = options == null ? RedisClient.create(uri) : RedisClient.builder().uri(uri).clientSideCache(options).build();
    return new CachedReader(label) {
      @Override
      public String get(String key) {
        return client.get(key);
      }

      @Override
      public long hits() {
        return options == null ? -1 : client.cacheStats().hits(); // no cache: the hit rate is n/a, not 0%
      }

      @Override
      public long misses() {
        return options == null ? -1 : client.cacheStats().misses();
      }

      @Override
      public String held() {
        if (options == null) {
          return "no cache";
        }
        CacheStats stats = client.cacheStats();
        return String.format(Locale.ROOT, "%,d of %,d bytes (%,d keys)", stats.bytesUsed(), options.maxBytes(), stats.entries());
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }

  private static CachedReader lettuce(String uri, int maxEntries) {
    io.lettuce.core.RedisClient client = io.lettuce.core.RedisClient.create(uri);
    StatefulRedisConnection<String, String> connection = client.connect();
    Map<String, String> lru = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
        return size() > maxEntries;
      }
    });
    LongAdder hits = new LongAdder();
    LongAdder misses = new LongAdder();
    CacheAccessor<String, String> counting = new CacheAccessor<>() {
      @Override
      public String get(String key) {
        String value = lru.get(key);
        (value == null ? misses : hits).increment();
        return value;
      }

      @Override
      public void put(String key, String value) {
        lru.put(key, value);
      }

      @Override
      public void evict(String key) {
        lru.remove(key);
      }
    };
    CacheFrontend<String, String> frontend = ClientSideCaching.enable(counting, connection, TrackingArgs.Builder.enabled());
    return new CachedReader("lettuce") {
      @Override
      public String get(String key) {
        return frontend.get(key);
      }

      @Override
      public long hits() {
        return hits.sum();
      }

      @Override
      public long misses() {
        return misses.sum();
      }

      @Override
      public String held() {
        return String.format(Locale.ROOT, "%,d of %,d entries", lru.size(), maxEntries);
      }

      @Override
      public void close() {
        frontend.close();
        connection.close();
        client.shutdown();
      }
    };
  }

  private static CachedReader redisson(String uri) {
    Config config = new Config();
    config.setProtocol(Protocol.RESP3);
    config.useSingleServer().setAddress(uri);
    RedissonClient client = Redisson.create(config);
    RClientSideCaching caching = client.getClientSideCaching(ClientSideCachingOptions.defaults()
        .size(PEER_MAX_ENTRIES).evictionPolicy(ClientSideCachingOptions.EvictionPolicy.LRU));
    return new CachedReader("redisson") {
      @Override
      public String get(String key) {
        return caching.<String>getBucket(key, StringCodec.INSTANCE).get();
      }

      @Override
      public long hits() {
        return -1;
      }

      @Override
      public long misses() {
        return -1;
      }

      @Override
      public String held() {
        return "n/a (bound " + PEER_MAX_ENTRIES + " entries)";
      }

      @Override
      public void close() {
        caching.destroy();
        client.shutdown();
      }
    };
  }
}
