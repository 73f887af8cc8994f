package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.SetOperations;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Set commands whose keys live in different slots (on different primaries) answer as the same command on keys that
 * share one slot: computed from each key's SMEMBERS, as Spring's Lettuce and Jedis cluster connections do.
 */
class ClusterCrossSlotSetCommandsIT {
    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private static FastpathConnectionFactory factory;
    private static StringRedisTemplate template;
    private static SetOperations<String, String> sets;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(CLUSTER.cluster().primaries().get(0).uri()));
        factory.afterPropertiesSet();
        template = new StringRedisTemplate(factory);
        sets = template.opsForSet();
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    /** The same three sets twice: under one hash tag (one slot, native commands) and spread over the primaries. */
    @BeforeEach
    void writeTheSets() {
        template.execute(connection -> {
            connection.serverCommands().flushAll();
            return null;
        }, true);
        for (String prefix : List.of("{same}", "")) {
            sets.add(prefix + "a", "1", "2", "3", "4");
            sets.add(prefix + "b", "2", "3", "5");
            sets.add(prefix + "c", "3", "4", "6");
        }
        assertThat(Set.of(slotOf("a"), slotOf("b"), slotOf("c"))).hasSize(3); // the spread keys are in three slots
    }

    @Test
    void sInterSUnionAndSDiffAcrossSlotsEqualTheSameCommandsInOneSlot() {
        assertThat(sets.intersect(List.of("a", "b", "c"))).isEqualTo(sets.intersect(List.of("{same}a", "{same}b", "{same}c")))
                .containsExactlyInAnyOrder("3");
        assertThat(sets.union(List.of("a", "b", "c"))).isEqualTo(sets.union(List.of("{same}a", "{same}b", "{same}c")))
                .hasSize(6);
        assertThat(sets.difference(List.of("a", "b", "c"))).isEqualTo(sets.difference(List.of("{same}a", "{same}b", "{same}c")))
                .containsExactlyInAnyOrder("1");
        assertThat(sets.intersect(List.of("a", "missing"))).isEqualTo(sets.intersect(List.of("{same}a", "{same}missing")))
                .isEmpty();
    }

    @Test
    void theStoreFormsAcrossSlotsWriteTheSameMembersAndCount() {
        assertThat(sets.intersectAndStore(List.of("a", "b"), "inter"))
                .isEqualTo(sets.intersectAndStore(List.of("{same}a", "{same}b"), "{same}inter")).isEqualTo(2L);
        assertThat(sets.members("inter")).isEqualTo(sets.members("{same}inter"));
        assertThat(sets.unionAndStore(List.of("a", "b"), "union"))
                .isEqualTo(sets.unionAndStore(List.of("{same}a", "{same}b"), "{same}union")).isEqualTo(5L);
        assertThat(sets.members("union")).isEqualTo(sets.members("{same}union"));
        assertThat(sets.differenceAndStore(List.of("a", "b"), "diff"))
                .isEqualTo(sets.differenceAndStore(List.of("{same}a", "{same}b"), "{same}diff")).isEqualTo(2L);
        assertThat(sets.members("diff")).isEqualTo(sets.members("{same}diff")).containsExactlyInAnyOrder("1", "4");
    }

    @Test
    void sMoveAcrossSlotsMovesTheMemberAsInOneSlot() {
        assertThat(sets.move("a", "1", "c")).isEqualTo(sets.move("{same}a", "1", "{same}c")).isTrue();
        assertThat(sets.members("a")).isEqualTo(sets.members("{same}a")).doesNotContain("1");
        assertThat(sets.members("c")).isEqualTo(sets.members("{same}c")).contains("1");
        assertThat(sets.move("a", "absent", "c")).isEqualTo(sets.move("{same}a", "absent", "{same}c")).isFalse();
    }

    private static int slotOf(String key) {
        return CLUSTER.cluster().keySlot(key);
    }
}
