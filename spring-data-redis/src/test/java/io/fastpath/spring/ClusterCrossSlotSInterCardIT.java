package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * SINTERCARD on keys in different slots counts the intersection as on keys in one slot. Apart from
 * {@link ClusterCrossSlotSetCommandsIT} because {@code sInterCard} is Spring Data Redis 4.0's (the 3.5 run excludes it).
 */
class ClusterCrossSlotSInterCardIT {
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

    @Test
    void sInterCardAcrossSlotsCountsTheIntersection() {
        template.opsForSet().add("a", "1", "2", "3", "4");
        template.opsForSet().add("b", "2", "3", "5");
        template.opsForSet().add("{same}a", "1", "2", "3", "4");
        template.opsForSet().add("{same}b", "2", "3", "5");
        assertThat(CLUSTER.cluster().keySlot("a")).isNotEqualTo(CLUSTER.cluster().keySlot("b"));

        Long acrossSlots = template.execute(connection -> connection.setCommands().sInterCard(bytes("a"), bytes("b")), true);
        Long oneSlot = template.execute(connection -> connection.setCommands().sInterCard(bytes("{same}a"), bytes("{same}b")), true);

        assertThat(acrossSlots).isEqualTo(oneSlot).isEqualTo(2L);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
