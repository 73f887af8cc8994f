package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.DefaultSortParameters;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * RENAME, RENAMENX, SORT ... STORE, RPOPLPUSH, BRPOPLPUSH and MSETNX whose keys live in different slots leave the same
 * data as the same commands on keys that share one slot, as Spring's Lettuce and Jedis cluster connections make them.
 */
class ClusterCrossSlotCommandsIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private static FastpathConnectionFactory factory;
    private static StringRedisTemplate template;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(CLUSTER.cluster().primaries().get(0).uri()));
        factory.afterPropertiesSet();
        template = new StringRedisTemplate(factory);
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @BeforeEach
    void flush() {
        template.execute(connection -> {
            connection.serverCommands().flushAll();
            return null;
        }, true);
        assertThat(CLUSTER.cluster().keySlot("a")).isNotEqualTo(CLUSTER.cluster().keySlot("b"));
    }

    @Test
    void renameAndRenameNxAcrossSlotsMoveTheValueAsInOneSlot() {
        for (String prefix : List.of("{same}", "")) {
            template.opsForValue().set(prefix + "a", "one");
            template.rename(prefix + "a", prefix + "b");
            template.opsForValue().set(prefix + "c", "three");
        }
        assertThat(template.opsForValue().get("b")).isEqualTo(template.opsForValue().get("{same}b")).isEqualTo("one");
        assertThat(template.hasKey("a")).isEqualTo(template.hasKey("{same}a")).isFalse();
        assertThat(template.renameIfAbsent("b", "c")).isEqualTo(template.renameIfAbsent("{same}b", "{same}c")).isFalse();
        assertThat(template.renameIfAbsent("b", "a")).isEqualTo(template.renameIfAbsent("{same}b", "{same}a")).isTrue();
        assertThat(template.opsForValue().get("a")).isEqualTo(template.opsForValue().get("{same}a")).isEqualTo("one");
    }

    @Test
    void sortStoreAcrossSlotsStoresTheSameSortedList() {
        for (String prefix : List.of("{same}", "")) {
            template.opsForList().rightPushAll(prefix + "a", "3", "1", "2");
            template.opsForList().rightPushAll(prefix + "b", "stale");
        }
        assertThat(sortStore("a", "b")).isEqualTo(sortStore("{same}a", "{same}b")).isEqualTo(3L);
        assertThat(template.opsForList().range("b", 0, -1)).isEqualTo(template.opsForList().range("{same}b", 0, -1))
                .containsExactly("1", "2", "3");
    }

    private static Long sortStore(String key, String storeKey) {
        return template.execute(connection -> connection.keyCommands().sort(key.getBytes(StandardCharsets.UTF_8),
                new DefaultSortParameters().asc(), storeKey.getBytes(StandardCharsets.UTF_8)), true);
    }

    @Test
    void rPopLPushAndBRPopLPushAcrossSlotsMoveTheLastElementAsInOneSlot() {
        for (String prefix : List.of("{same}", "")) {
            template.opsForList().rightPushAll(prefix + "a", "1", "2", "3");
        }
        assertThat(template.opsForList().rightPopAndLeftPush("a", "b"))
                .isEqualTo(template.opsForList().rightPopAndLeftPush("{same}a", "{same}b")).isEqualTo("3");
        assertThat(template.opsForList().rightPopAndLeftPush("a", "b", Duration.ofSeconds(1)))
                .isEqualTo(template.opsForList().rightPopAndLeftPush("{same}a", "{same}b", Duration.ofSeconds(1))).isEqualTo("2");
        assertThat(template.opsForList().range("a", 0, -1)).isEqualTo(template.opsForList().range("{same}a", 0, -1))
                .containsExactly("1");
        assertThat(template.opsForList().range("b", 0, -1)).isEqualTo(template.opsForList().range("{same}b", 0, -1))
                .containsExactly("2", "3");
        assertThat(template.opsForList().rightPopAndLeftPush("missing", "b"))
                .isEqualTo(template.opsForList().rightPopAndLeftPush("{same}missing", "{same}b")).isNull();
    }

    @Test
    void mSetNxAcrossSlotsSetsEveryKeyOnlyWhenNoneExistsAsInOneSlot() {
        assertThat(template.opsForValue().multiSetIfAbsent(Map.of("a", "1", "b", "2")))
                .isEqualTo(template.opsForValue().multiSetIfAbsent(Map.of("{same}a", "1", "{same}b", "2"))).isTrue();
        assertThat(template.opsForValue().multiGet(List.of("a", "b")))
                .isEqualTo(template.opsForValue().multiGet(List.of("{same}a", "{same}b"))).containsExactly("1", "2");
        assertThat(template.opsForValue().multiSetIfAbsent(Map.of("a", "x", "b", "y")))
                .isEqualTo(template.opsForValue().multiSetIfAbsent(Map.of("{same}a", "x", "{same}b", "y"))).isFalse();
        assertThat(template.opsForValue().multiGet(List.of("a", "b"))).containsExactly("1", "2");
    }
}
