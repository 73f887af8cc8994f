package io.fastpath.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.fastpath.RedisClient;
import io.fastpath.testkit.RedisClusterExtension;
import io.fastpath.testkit.RedisServer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.ReactiveRedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.ReactiveRedisMessageListenerContainer;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The reactive templates on a local Redis Cluster (3 primaries): routed by slot, split and fanned out by the client. */
class ReactiveClusterTemplateIT {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    static final RedisClusterExtension CLUSTER = RedisClusterExtension.of(3, 0);

    private static FastpathConnectionFactory factory;
    private static ReactiveStringRedisTemplate template;

    @BeforeAll
    static void startFactory() {
        factory = new FastpathConnectionFactory(() -> RedisClient.builder().uri(CLUSTER.cluster().primaries().get(0).uri()));
        factory.afterPropertiesSet();
        template = new ReactiveStringRedisTemplate(factory);
    }

    @AfterAll
    static void stopFactory() {
        factory.destroy();
    }

    @Test
    void everyKeyReachesItsOwnNodeAndMultiKeyCommandsAreSplitBySlot() {
        assertThat(factory.getReactiveConnection()).isInstanceOf(ReactiveRedisClusterConnection.class);
        StepVerifier.create(Flux.range(0, 300).concatMap(i -> template.opsForValue().set("rc:" + i, "v" + i)).count())
                .expectNext(300L).verifyComplete();
        for (int i = 0; i < 300; i += 37) {
            RedisServer owner = CLUSTER.cluster().nodeForSlot(CLUSTER.cluster().keySlot("rc:" + i));
            assertThat(owner.call("GET", "rc:" + i)).isEqualTo("v" + i);
        }
        StepVerifier.create(template.opsForValue().multiGet(List.of("rc:1", "rc:2", "rc:3"))).expectNext(List.of("v1", "v2", "v3"))
                .verifyComplete();
        StepVerifier.create(template.delete("rc:1", "rc:2", "rc:3")).expectNext(3L).verifyComplete();
        StepVerifier.create(template.keys("rc:*").count()).expectNext(297L).verifyComplete(); // KEYS fans out to every primary
    }

    @Test
    void aScanWalksEveryPrimaryOnePageAtATime() {
        Flux.range(0, 600).concatMap(i -> template.opsForValue().set("scan:" + i, "v")).blockLast(WAIT);
        CLUSTER.cluster().primaries().forEach(ServerStats::resetStats);

        StepVerifier.create(template.scan(ScanOptions.scanOptions().match("scan:*").count(20).build()), 0)
                .expectSubscription()
                .thenRequest(1).expectNextCount(1)
                .then(() -> assertThat(scans()).isEqualTo(1)) // one page on one primary for that demand
                .thenCancel().verify(WAIT);
        StepVerifier.create(template.scan(ScanOptions.scanOptions().match("scan:*").count(20).build()).collectList())
                .assertNext(keys -> assertThat(keys).hasSize(600).doesNotHaveDuplicates()).verifyComplete();
        for (RedisServer primary : CLUSTER.cluster().primaries()) {
            assertThat(ServerStats.calls(primary, "scan")).isPositive(); // the iteration visited every primary
        }
    }

    private static long scans() {
        return CLUSTER.cluster().primaries().stream().mapToLong(primary -> ServerStats.calls(primary, "scan")).sum();
    }

    @Test
    void clusterCommandsAnswerFromTheClusterAndPerNodeFormsAreRefused() {
        ReactiveRedisClusterConnection connection = factory.getReactiveClusterConnection();
        StepVerifier.create(connection.clusterGetNodes().filter(RedisClusterNode::isMaster).count()).expectNext(3L).verifyComplete();
        ByteBuffer key = ByteBuffer.wrap("placed".getBytes(StandardCharsets.UTF_8));
        StepVerifier.create(connection.clusterGetSlotForKey(key)).expectNext(CLUSTER.cluster().keySlot("placed")).verifyComplete();
        StepVerifier.create(connection.clusterGetNodeForKey(key).map(node -> node.getPort()))
                .expectNext(CLUSTER.cluster().nodeForSlot(CLUSTER.cluster().keySlot("placed")).port()).verifyComplete();
        StepVerifier.create(connection.clusterGetClusterInfo().map(info -> info.getState())).expectNext("ok").verifyComplete();
        RedisClusterNode first = connection.clusterGetNodes().blockFirst(WAIT);
        StepVerifier.create(connection.ping(first)).expectError(InvalidDataAccessApiUsageException.class).verify(WAIT);
        StepVerifier.create(connection.serverCommands().dbSize(first)).expectError(InvalidDataAccessApiUsageException.class).verify(WAIT);
        StepVerifier.create(connection.keyCommands().randomKey(first)).expectError(InvalidDataAccessApiUsageException.class).verify(WAIT);
        StepVerifier.create(connection.serverCommands().dbSize()).assertNext(size -> assertThat(size).isNotNegative()).verifyComplete();
        connection.closeLater().block(WAIT);
    }

    @Test
    void keysOfDifferentSlotsInOneCommandThatCannotBeSplitAreRefusedBeforeAnythingIsSent() {
        StepVerifier.create(template.opsForSet().intersect("{a}set", "{b}set")).expectError(InvalidDataAccessApiUsageException.class)
                .verify(WAIT);
        template.opsForSet().add("{t}one", "x", "y").block(WAIT);
        template.opsForSet().add("{t}two", "y", "z").block(WAIT);
        StepVerifier.create(template.opsForSet().intersect("{t}one", "{t}two")).expectNext("y").verifyComplete();
    }

    @Test
    void pubSubThroughTheListenerContainer() {
        ReactiveRedisMessageListenerContainer container = new ReactiveRedisMessageListenerContainer(factory);
        try {
            var news = container.receiveLater(ChannelTopic.of("cluster-news")).block(WAIT);
            StepVerifier.create(news.map(message -> message.getMessage()))
                    .then(() -> template.convertAndSend("cluster-news", "hello").block(WAIT))
                    .expectNext("hello").thenCancel().verify(WAIT);
        } finally {
            container.destroy();
        }
    }
}
