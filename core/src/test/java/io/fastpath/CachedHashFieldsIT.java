package io.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.testkit.RedisServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * One hash read field by field through the client-side cache (HGET h f0 ... HGET h f1999): every field is
 * an entry of the same key, kept in a map keyed by the read, so each is served from memory and one
 * invalidation of the key still drops them all. (That a hit or fill costs one lookup is KeyEntriesLookupTest.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CachedHashFieldsIT {
    private static final int FIELDS = 2_000;

    private RedisServer server;
    private RedisClient other;

    @BeforeAll
    void start() {
        server = RedisServer.start();
        other = RedisClient.create(server.uri());
    }

    @AfterAll
    void stop() throws Exception {
        Teardown.closeAll(other, server);
    }

    @Test
    void twoThousandFieldsOfOneHashAreServedFromMemoryAndOneWriteToTheHashDropsThemAll() {
        Map<String, String> fields = new HashMap<>();
        for (int i = 0; i < FIELDS; i++) {
            fields.put("f" + i, "v" + i);
        }
        other.hset("wide", fields);
        // A long invalidation-delay bound: this test counts hits, which a loaded machine must not turn into reads.
        try (RedisClient redis = RedisClient.builder().uri(server.uri())
                .clientSideCache(CacheOptions.maxBytes(64 << 20).maxInvalidationDelay(Duration.ofSeconds(5))).build()) {
            readAll(redis, "v");
            CacheStats afterFill = redis.cacheStats();
            assertThat(afterFill.misses()).isEqualTo(FIELDS);
            assertThat(afterFill.entries()).as("one cache entry: the key").isEqualTo(1);

            readAll(redis, "v");
            assertThat(redis.cacheStats().hits()).isEqualTo(FIELDS);
            assertThat(redis.cacheStats().misses()).isEqualTo(FIELDS);
            assertThat(CachedEntriesMatchServer.check(redis, other)).isEqualTo(FIELDS);

            Map<String, String> changed = new HashMap<>();
            for (int i = 0; i < FIELDS; i++) {
                changed.put("f" + i, "w" + i);
            }
            other.hset("wide", changed);
            Eventually.awaitValue(() -> redis.hget("wide", "f0"), "w0", Duration.ofSeconds(10));
            readAll(redis, "w"); // every field, not only the one written first, reads the new value
            CachedEntriesMatchServer.check(redis, other);
        }
    }

    private static void readAll(RedisClient redis, String valuePrefix) {
        for (int i = 0; i < FIELDS; i++) {
            assertThat(redis.hget("wide", "f" + i)).isEqualTo(valuePrefix + i);
        }
    }
}
