package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The same templates on a local Redis Cluster (3 primaries): Fastpath routes by slot, splits and fans out. */
class ClusterTemplateIT {
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
    void theFactoryHandsOutClusterConnectionsThatRouteEveryKeyToItsNode() {
        assertThat(factory.isCluster()).isTrue();
        assertThat(factory.getConnection()).isInstanceOf(RedisClusterConnection.class);
        for (int i = 0; i < 300; i++) {
            template.opsForValue().set("c:" + i, "v" + i);
        }
        for (int i = 0; i < 300; i += 37) {
            assertThat(CLUSTER.cluster().nodeForSlot(CLUSTER.cluster().keySlot("c:" + i)).call("GET", "c:" + i)).isEqualTo("v" + i);
        }
        assertThat(template.opsForValue().multiGet(List.of("c:1", "c:2", "c:3"))).containsExactly("v1", "v2", "v3");
        assertThat(template.keys("c:*")).hasSize(300); // KEYS fans out to every primary
        List<String> scanned = new ArrayList<>();
        try (Cursor<String> cursor = template.scan(ScanOptions.scanOptions().match("c:*").count(100).build())) {
            cursor.forEachRemaining(scanned::add);
        }
        assertThat(scanned).hasSize(300).doesNotHaveDuplicates();
        try (RedisClusterConnection connection = factory.getClusterConnection()) {
            assertThat(connection.clusterGetNodes()).hasSize(3);
            assertThat(connection.clusterGetNodeForKey("c:1".getBytes())).isNotNull();
            assertThat(connection.serverCommands().dbSize()).isGreaterThanOrEqualTo(300L);
        }
    }

    @Test
    void pipelinesSpanSlotsAndTransactionsRunInOneSlot() {
        List<Object> results = template.executePipelined((RedisCallback<Object>) connection -> {
            for (int i = 0; i < 50; i++) {
                connection.stringCommands().set(("p" + i).getBytes(), ("v" + i).getBytes());
            }
            connection.stringCommands().get("p7".getBytes());
            return null;
        });
        assertThat(results).hasSize(51).last().isEqualTo("v7");

        template.opsForValue().set("{acct}:balance", "10");
        List<Object> committed = template.execute(new SessionCallback<>() {
            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public List<Object> execute(RedisOperations operations) throws DataAccessException {
                operations.watch("{acct}:balance");
                operations.multi();
                operations.opsForValue().increment("{acct}:balance");
                operations.opsForValue().increment("{acct}:ops");
                return operations.exec();
            }
        });
        assertThat(committed).containsExactly(11L, 1L);
    }

    @Test
    void commandsForOneChosenNodeAndSelectAreRefusedClearly() {
        try (RedisClusterConnection connection = factory.getClusterConnection()) {
            var node = connection.clusterGetNodes().iterator().next();
            assertThatThrownBy(() -> connection.ping(node)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasMessageContaining("one chosen cluster node");
            assertThatThrownBy(() -> connection.select(1)).isInstanceOf(InvalidDataAccessApiUsageException.class);
        }
    }
}
